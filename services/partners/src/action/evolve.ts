import type { PartnerActionEvent } from './events';

export type PartnerActionState =
  { exists: false } | { exists: true; partnerId: string; notes: string | null; isCompleted: boolean };

export const initialState = (): PartnerActionState => ({ exists: false });

export function evolve(state: PartnerActionState, event: PartnerActionEvent): PartnerActionState {
  if (event.type === 'PartnerActionCreated') {
    return { exists: true, partnerId: event.data.partnerId, notes: null, isCompleted: false };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'PartnerActionNotesSaved':
      return { ...state, notes: event.data.notes };
    case 'PartnerActionCompleted':
      return { ...state, isCompleted: true };
    case 'PartnerActionReopened':
      return { ...state, isCompleted: false };
  }
}
