import type { ContractEvent, ContractTerms } from './events';

/**
 * A contract is active from its creation until its end date has passed (ContractEnded) or it is deleted. A deleted
 * contract's stream stays closed: no command applies to it again.
 */
export type ContractState =
  | { exists: false; deleted?: true }
  | { exists: true; partnerId: string; terms: ContractTerms; ended: boolean };

export const initialState = (): ContractState => ({ exists: false });

/** The terms part of an event's data. */
export function termsOf(data: ContractTerms & Record<string, unknown>): ContractTerms {
  const { contractId: _c, partnerId: _p, templateId: _t, createdAt: _a, updatedAt: _u, ...terms } = data;
  return terms as ContractTerms;
}

export function evolve(state: ContractState, event: ContractEvent): ContractState {
  switch (event.type) {
    case 'ContractCreated':
      return { exists: true, partnerId: event.data.partnerId, terms: termsOf(event.data), ended: false };
    case 'ContractUpdated':
      return state.exists ? { ...state, terms: termsOf(event.data) } : state;
    case 'ContractEnded':
      return state.exists ? { ...state, ended: true } : state;
    case 'ContractReactivated':
      return state.exists ? { ...state, ended: false } : state;
    case 'ContractDeleted':
      return { exists: false, deleted: true };
    case 'ContractDocumentGenerated': // a document changes no term
      return state;
  }
}
