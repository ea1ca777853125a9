import { NotFound, type Decider } from '@12yards/platform';
import type { PartnerActionEvent } from './events';
import { evolve, initialState, type PartnerActionState } from './evolve';

export type PartnerActionCommand =
  | {
      type: 'CreateAction';
      id: string;
      partnerId: string;
      /** Whether the partner exists, looked up by the caller (decide stays pure). */
      partnerExists: boolean;
      actionText: string;
      dueDate: string | null;
      at: Date;
    }
  | {
      type: 'UpdateAction';
      id: string;
      partnerId: string;
      notes?: string | null;
      isCompleted?: boolean;
      at: Date;
    };

export function decide(command: PartnerActionCommand, state: PartnerActionState): PartnerActionEvent[] {
  const at = command.at.toISOString();
  switch (command.type) {
    case 'CreateAction': {
      if (!command.partnerExists) throw new NotFound(`No partner with id ${command.partnerId}`);
      if (state.exists) return [];
      const { id, partnerId, actionText, dueDate } = command;
      return [{ type: 'PartnerActionCreated', data: { id, partnerId, actionText, dueDate, at } }];
    }
    case 'UpdateAction': {
      // An action is addressed under its partner: another partner's action is not found here.
      if (!state.exists || state.partnerId !== command.partnerId) {
        throw new NotFound(`No action ${command.id} for partner ${command.partnerId}`);
      }
      const { id, partnerId } = command;
      const events: PartnerActionEvent[] = [];
      if (command.notes !== undefined && command.notes !== state.notes) {
        events.push({ type: 'PartnerActionNotesSaved', data: { id, partnerId, notes: command.notes, at } });
      }
      if (command.isCompleted === true && !state.isCompleted) {
        events.push({ type: 'PartnerActionCompleted', data: { id, partnerId, completedAt: at } });
      }
      if (command.isCompleted === false && state.isCompleted) {
        events.push({ type: 'PartnerActionReopened', data: { id, partnerId, at } });
      }
      return events;
    }
  }
}

export const partnerActionDecider: Decider<PartnerActionState, PartnerActionCommand, PartnerActionEvent> = {
  initialState,
  decide,
  evolve,
};
