import { Conflict, NotFound, type Decider } from '@12yards/platform';
import type { ContractTemplateEvent, ContractTemplateUploaded } from './events';
import { evolve, initialState, type ContractTemplateState } from './evolve';

export type ContractTemplateCommand =
  | { type: 'UploadTemplate'; file: Omit<ContractTemplateUploaded['data'], 'uploadedAt'>; at: Date }
  | { type: 'ChangeTemplate'; id: string; name?: string; validFromDate?: string; at: Date }
  | { type: 'DeleteTemplate'; id: string; at: Date };

export function decide(
  command: ContractTemplateCommand,
  state: ContractTemplateState,
): ContractTemplateEvent[] {
  switch (command.type) {
    case 'UploadTemplate':
      if (state.exists) throw new Conflict(`A template with id ${command.file.templateId} already exists`);
      return [
        { type: 'ContractTemplateUploaded', data: { ...command.file, uploadedAt: command.at.toISOString() } },
      ];
    case 'ChangeTemplate': {
      if (!state.exists || state.deleted) throw new NotFound(`No contract template with id ${command.id}`);
      const name = command.name ?? state.name;
      const validFromDate = command.validFromDate ?? state.validFromDate;
      if (name === state.name && validFromDate === state.validFromDate) return [];
      return [
        {
          type: 'ContractTemplateChanged',
          data: { templateId: command.id, name, validFromDate, changedAt: command.at.toISOString() },
        },
      ];
    }
    case 'DeleteTemplate':
      if (!state.exists || state.deleted) throw new NotFound(`No contract template with id ${command.id}`);
      return [
        {
          type: 'ContractTemplateDeleted',
          data: { templateId: command.id, objectKey: state.objectKey, deletedAt: command.at.toISOString() },
        },
      ];
  }
}

export const contractTemplateDecider: Decider<
  ContractTemplateState,
  ContractTemplateCommand,
  ContractTemplateEvent
> = {
  initialState,
  decide,
  evolve,
};
