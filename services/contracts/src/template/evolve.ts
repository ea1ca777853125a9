import type { ContractTemplateEvent } from './events';

export type ContractTemplateState =
  | { exists: false }
  | { exists: true; deleted: boolean; name: string; validFromDate: string; objectKey: string };

export const initialState = (): ContractTemplateState => ({ exists: false });

export function evolve(state: ContractTemplateState, event: ContractTemplateEvent): ContractTemplateState {
  switch (event.type) {
    case 'ContractTemplateUploaded': {
      const { name, validFromDate, objectKey } = event.data;
      return { exists: true, deleted: false, name, validFromDate, objectKey };
    }
    case 'ContractTemplateChanged':
      return state.exists
        ? { ...state, name: event.data.name, validFromDate: event.data.validFromDate }
        : state;
    case 'ContractTemplateDeleted':
      return state.exists ? { ...state, deleted: true } : state;
  }
}
