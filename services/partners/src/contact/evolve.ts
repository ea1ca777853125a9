import type { ContactEvent, ContactStatus } from './events';

export type ContactState = { exists: false } | { exists: true; status: ContactStatus };

export const initialState = (): ContactState => ({ exists: false });

export function evolve(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'ContactMessageReceived':
      return { exists: true, status: 'unread' };
    case 'ContactStatusChanged':
      return state.exists ? { ...state, status: event.data.status } : state;
  }
}
