import { defineEntityHistory, labelText, mergeEventData, type ServiceHistory } from '@12yards/platform';
import { actionStreamId, type PartnerActionEvent } from './action/events';
import { contactStreamId, type ContactEvent } from './contact/events';
import { partnerStreamId, type PartnerEvent } from './partner/events';

/** The partners service's entities whose history admins read (GET /api/admin/history, /api/admin/activity). */
export const partnersHistory: ServiceHistory = {
  service: 'partners',
  entities: [
    defineEntityHistory<PartnerEvent>({
      entityType: 'partner',
      streamPrefix: partnerStreamId(''),
      omit: ['source', 'previousStatus', 'contractId', 'reason'],
      label: (f) => labelText(f.name) ?? labelText(f.organization),
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
    }),
  ],
};
