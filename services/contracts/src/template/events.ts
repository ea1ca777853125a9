import type { TemplateKind } from './sniff';

export type ContractTemplateUploaded = {
  type: 'ContractTemplateUploaded';
  data: {
    templateId: string;
    name: string;
    validFromDate: string;
    fileName: string;
    kind: TemplateKind;
    mimeType: string;
    size: number;
    objectKey: string;
    uploadedAt: string;
  };
};
export type ContractTemplateChanged = {
  type: 'ContractTemplateChanged';
  data: { templateId: string; name: string; validFromDate: string; changedAt: string };
};
export type ContractTemplateDeleted = {
  type: 'ContractTemplateDeleted';
  data: { templateId: string; objectKey: string; deletedAt: string };
};
export type ContractTemplateEvent =
  ContractTemplateUploaded | ContractTemplateChanged | ContractTemplateDeleted;

export const streamId = (id: string) => `contract-template-${id}`;
