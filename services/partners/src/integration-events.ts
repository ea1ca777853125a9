import {
  integrationEvent,
  type IntegrationEvent,
  type UnversionedIntegrationEvent,
} from '@12yards/api/src/events';
import type { StoredEvent } from '@12yards/platform';
import type { ContactEvent } from './contact/events';
import type { PartnerEvent, PartnerFields } from './partner/events';

/**
 * The details of a partner the partners topic publishes (what the contracts service shows of a partner). An optional
 * detail the stored event does not carry (events written before it existed, or by a form without it) is published
 * as null: a missing field must not fail the schema and stop the relay.
 */
const published = (d: PartnerFields) => ({
  partnerId: d.id,
  name: d.name,
  email: d.email,
  type: d.type,
  organization: d.organization ?? null,
  position: d.position ?? null,
  knownAs: d.knownAs ?? null,
  webAddress: d.webAddress ?? null,
});

function map(event: PartnerEvent | ContactEvent): UnversionedIntegrationEvent<'partners'> | null {
  switch (event.type) {
    case 'PartnerApplicationSubmitted':
      return {
        type: event.type,
        data: { ...published(event.data), status: event.data.status },
      };
    case 'PartnerDetailsChanged':
      return { type: event.type, data: published(event.data) };
    case 'PartnerStatusChanged':
      return { type: event.type, data: { partnerId: event.data.id, status: event.data.status } };
    case 'PartnerPromoted':
      return {
        type: 'PartnerStatusChanged',
        data: { partnerId: event.data.id, status: event.data.status },
      };
    case 'ContactMessageReceived':
      return { type: event.type, data: { contactId: event.data.id, name: event.data.name } };
    case 'ContactStatusChanged':
      return { type: event.type, data: { contactId: event.data.id, status: event.data.status } };
    case 'PartnerContractEnded': // the lock is this service's own business
    default: // and the events of the service's other aggregates
      return null;
  }
}

/**
 * The retention sweep's record (PersonalDataExpired) names the applications it erased: the contracts service erases
 * its record of each (ids only; an admin's erasure reaches every service through the gateway instead).
 */
function expired(event: StoredEvent): UnversionedIntegrationEvent<'partners'> | null {
  if (event.type !== 'PersonalDataExpired') return null;
  const records = ((event.data as { records?: { kind: string; id: string }[] }).records ?? []).filter(
    (r) => r.kind === 'application',
  );
  if (records.length === 0) return null;
  return { type: 'ApplicationsExpired', data: { partnerIds: records.map((r) => r.id) } };
}

/**
 * The integration events of the partners topic, from this service's internal events (partner actions stay internal;
 * a contact message's sender and status are published for the admins' live updates). Checked against the published schema before they leave.
 */
export function partnersIntegrationEvents(event: StoredEvent): IntegrationEvent<'partners'> | null {
  const mapped = expired(event) ?? map(event as StoredEvent & (PartnerEvent | ContactEvent));
  return mapped && integrationEvent('partners', mapped);
}
