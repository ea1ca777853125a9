import { streamId as contractStreamId, type ContractEvent } from './contract/events';
import { streamId as templateStreamId, type ContractTemplateEvent } from './template/events';
import { defineEntityHistory, labelText, type ServiceHistory } from '@12yards/workbench';

/**
 * The contracts service's entities whose history admins read. Its partner view (partner-view-*) is a copy of the
 * partners service's events, no entity of its own: it has no history here and stays out of the activity feed.
 */
export const contractsHistory: ServiceHistory = {
  service: 'contracts',
  entities: [
    defineEntityHistory<ContractEvent>({
      entityType: 'contract',
      streamPrefix: contractStreamId(''),
      omit: [
        'contractId',
        'partnerId',
        'templateId',
        'createdAt',
        'updatedAt',
        'endedAt',
        'reactivatedAt',
        'deletedAt',
        'wasActive',
        // A generated document changes no field of the contract.
        'fileName',
        'jobId',
        'generatedAt',
      ],
      label: (f) => labelText(f.companyName) ?? labelText(f.platformName),
      summary: (event) => (event.type === 'ContractDocumentGenerated' ? 'Document generated' : undefined),
    }),
    defineEntityHistory<ContractTemplateEvent>({
      entityType: 'contract-template',
      streamPrefix: templateStreamId(''),
      omit: ['templateId', 'objectKey', 'uploadedAt', 'changedAt', 'deletedAt'],
      label: (f) => labelText(f.name),
    }),
  ],
};
