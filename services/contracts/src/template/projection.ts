import type { ContractTemplate } from '@12yards/api';
import { defineProjection, type ReadModels } from '@12yards/platform';
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

export const contractTemplateProjection = defineProjection<ContractTemplateEvent>({
  collections: [CONTRACT_TEMPLATES],
  async apply(event, models) {
    const rows = templateRows(models);
    switch (event.type) {
      case 'ContractTemplateUploaded': {
        const d = event.data;
        if (await rows.get(d.templateId)) return;
        await rows.put({
          id: d.templateId,
          name: d.name,
          validFromDate: d.validFromDate,
          fileName: d.fileName,
          fileUrl: downloadUrl(d.templateId),
          mimeType: d.mimeType,
          size: d.size,
          kind: d.kind,
          objectKey: d.objectKey,
          createdAt: d.uploadedAt,
          version: event.version,
        });
        return;
      }
      case 'ContractTemplateChanged': {
        const row = await rows.get(event.data.templateId);
        if (!row || row.version >= event.version) return;
        const { name, validFromDate, changedAt } = event.data;
        await rows.put({ ...row, name, validFromDate, updatedAt: changedAt, version: event.version });
        return;
      }
      case 'ContractTemplateDeleted':
        await rows.delete(event.data.templateId);
        return;
    }
  },
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
