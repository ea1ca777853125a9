import { actionStreamId, type PartnerActionEvent } from './action/events';
import { contactStreamId, type ContactEvent } from './contact/events';
import { partnerStreamId, type PartnerEvent } from './partner/events';
import {
  defineEntityHistory,
  labelText,
  mergeEventData,
  type Changes,
  type ServiceHistory,
} from '@12yards/workbench';

/**
 * A partner's contract events in words: what happened to which contract and what it did to the status, never the
 * event's name. (The partners service knows the contract by its id only; its name is the contracts service's.)
 */
function contractSummary(event: PartnerEvent, changes: Changes): string | undefined {
  if (event.type === 'PartnerPromoted') {
    return changes.status
      ? 'Became a partner when a contract was created'
      : 'A contract was created; still a partner';
  }
  if (event.type === 'PartnerContractEnded') {
    const what = event.data.reason === 'ContractDeleted' ? 'A contract was deleted' : 'A contract ended';
    if (event.data.activeContracts > 0) return `${what}; other contracts are still active`;
    return `${what}; the status is no longer locked`;
  }
  return undefined;
}

/** The partners service's entities whose history admins read (GET /api/admin/history, /internal/activity). */
export const partnersHistory: ServiceHistory = {
  service: 'partners',
  entities: [
    defineEntityHistory<PartnerEvent>({
      entityType: 'partner',
      streamPrefix: partnerStreamId(''),
      omit: ['source', 'previousStatus', 'contractId', 'reason'],
      label: (f) => labelText(f.name) ?? labelText(f.organization),
      summary: contractSummary,
    }),
    defineEntityHistory<PartnerActionEvent>({
      entityType: 'partner-action',
      streamPrefix: actionStreamId(''),
      evolve: (fields, event) =>
        event.type === 'PartnerActionReopened'
          ? { ...fields, completedAt: null }
          : mergeEventData(fields, event, ['partnerId']),
      label: (f) => labelText(f.actionText),
    }),
    defineEntityHistory<ContactEvent>({
      entityType: 'contact',
      streamPrefix: contactStreamId(''),
      // A message arrives unread; its event does not say so.
      evolve: (fields, event) => ({
        ...mergeEventData(fields, event, ['previousStatus']),
        ...(event.type === 'ContactMessageReceived' && { status: 'unread' }),
      }),
      label: (f) => labelText(f.subject) ?? labelText(f.name),
      // The words of the message's badges.
      values: { status: { unread: 'Unread', read: 'Read', responded: 'Responded' } },
    }),
  ],
};
