import type { ContractEvent, ContractTerms } from './events';

export type ContractState = { exists: false } | { exists: true; partnerId: string; terms: ContractTerms };

export const initialState = (): ContractState => ({ exists: false });

/** The terms part of an event's data. */
export function termsOf(data: ContractTerms & Record<string, unknown>): ContractTerms {
  const { contractId: _c, partnerId: _p, templateId: _t, createdAt: _a, updatedAt: _u, ...terms } = data;
  return terms as ContractTerms;
}

export function evolve(state: ContractState, event: ContractEvent): ContractState {
  switch (event.type) {
    case 'ContractCreated':
      return { exists: true, partnerId: event.data.partnerId, terms: termsOf(event.data) };
    case 'ContractUpdated':
      return state.exists ? { ...state, terms: termsOf(event.data) } : state;
  }
}
