import type { ContractTemplate } from '@12yards/api';
import { defineRowProjection, type ReadModels } from '@12yards/platform';
import type { ContractTemplateEvent } from './events';
import type { TemplateKind } from './sniff';

export const CONTRACT_TEMPLATES = 'contract_templates';
export type ContractTemplateRow = ContractTemplate & {
  kind: TemplateKind;
  objectKey: string;
  updatedAt?: string;
  version: number;
};

export const templateRows = (models: ReadModels) =>
  models.collection<ContractTemplateRow>(CONTRACT_TEMPLATES, { indexes: [['validFromDate', 'createdAt']] });

export const downloadUrl = (id: string) => `/api/admin/contract-templates/${encodeURIComponent(id)}/download`;

export const contractTemplateProjection = defineRowProjection<ContractTemplateEvent, ContractTemplateRow>({
  collection: CONTRACT_TEMPLATES,
  rows: templateRows,
  idOf: (e) => e.data.templateId,
  create: {
    // The upload's data is the row's fields (name, dates, the file's name, type, size and object) but for its id.
    ContractTemplateUploaded: ({ data: { templateId, uploadedAt, ...file } }) => ({
      id: templateId,
      ...file,
      fileUrl: downloadUrl(templateId),
      createdAt: uploadedAt,
    }),
  },
  update: {
    ContractTemplateChanged: (row, { data: { name, validFromDate, changedAt } }) => ({
      ...row,
      name,
      validFromDate,
      updatedAt: changedAt,
    }),
  },
  remove: ['ContractTemplateDeleted'],
});

export const templateView = ({
  kind: _k,
  objectKey: _o,
  version: _v,
  updatedAt: _u,
  ...row
}: ContractTemplateRow): ContractTemplate => row;

/** The template documents are made from: the .docx with the newest validFromDate not after `today` (YYYY-MM-DD). */
export async function latestValidDocxTemplate(
  models: ReadModels,
  today: string,
): Promise<ContractTemplateRow | null> {
  const [row] = await templateRows(models).find({
    where: { kind: 'docx', validFromDate: { $lte: today } },
    sort: [
      { field: 'validFromDate', dir: 'desc' },
      { field: 'createdAt', dir: 'desc' },
    ],
    limit: 1,
  });
  return row ?? null;
}
