import type { IntegrationEvent, IntegrationEventOf } from '@12yards/api/src/events';
import type { Decider } from '@12yards/platform';
import type { PartnerSnapshot, PartnerViewEvent } from './events';
import { evolve, initialState, type PartnerViewState } from './evolve';

/** The partners topic's events about partners (its contact messages are none of this service's business). */
export type PartnerIntegrationEvent = IntegrationEventOf<
  'partners',
  'PartnerApplicationSubmitted' | 'PartnerDetailsChanged' | 'PartnerStatusChanged'
>;
export const aboutPartner = (e: IntegrationEvent<'partners'>): e is PartnerIntegrationEvent =>
  e.type.startsWith('Partner');

/** An integration event of the partners topic, with the envelope fields this service keeps (id, time). */
export interface PartnerSourceEvent {
  id: string;
  occurredAt: string;
  event: PartnerIntegrationEvent;
}

export type PartnerViewCommand = { type: 'RecordPartnerEvent'; source: PartnerSourceEvent };

const TEXT_FIELDS = ['name', 'email', 'type', 'organization', 'position', 'knownAs', 'status'] as const;

const same = (a: PartnerSnapshot, b: PartnerSnapshot) =>
  TEXT_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null)) && a.id === b.id;

/**
 * What this service keeps besides who the partner is: what a contract is prefilled from. The partners topic also
 * carries their web address, which no contract uses: it is not kept.
 */
const OPTIONAL = ['organization', 'position', 'knownAs', 'status'] as const;
type Nullable<T> = { [K in keyof T]: T[K] | null };

/** The snapshot keeps no empty field: a null detail is left out. */
function withoutEmpty(
  p: Nullable<PartnerSnapshot> & Pick<PartnerSnapshot, 'id' | 'name' | 'email' | 'type'>,
) {
  const out: PartnerSnapshot = { id: p.id, name: p.name, email: p.email, type: p.type };
  for (const f of OPTIONAL) {
    const v = p[f];
    if (v !== undefined && v !== null) out[f] = v;
  }
  return out;
}

export function decide(command: PartnerViewCommand, state: PartnerViewState): PartnerViewEvent[] {
  const { event, id, occurredAt } = command.source;
  const from = { eventId: id, type: event.type, at: occurredAt };
  let next: PartnerSnapshot;
  switch (event.type) {
    case 'PartnerApplicationSubmitted': {
      const { partnerId, ...fields } = event.data;
      next = withoutEmpty({ ...fields, id: partnerId });
      break;
    }
    case 'PartnerDetailsChanged': {
      if (!state.known) return []; // a change of a partner this service never saw created: nothing to base it on
      const { partnerId, ...details } = event.data;
      next = withoutEmpty({ ...state.partner, ...details, id: partnerId });
      break;
    }
    case 'PartnerStatusChanged':
      if (!state.known) return [];
      next = withoutEmpty({ ...state.partner, status: event.data.status });
      break;
  }
  if (state.known && same(state.partner, next)) return [];
  return [{ type: 'PartnerRecorded', data: { partner: next, source: from } }];
}

export const partnerViewDecider: Decider<PartnerViewState, PartnerViewCommand, PartnerViewEvent> = {
  initialState,
  decide,
  evolve,
};
