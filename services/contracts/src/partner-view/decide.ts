import type { Decider } from '@12yards/platform';
import {
  PARTNER_CHANGED_TYPES,
  PARTNER_CREATED_TYPES,
  type PartnerSnapshot,
  type PartnerViewEvent,
} from './events';
import { evolve, initialState, type PartnerViewState } from './evolve';

/** An event of the partners topic, as far as this service cares. */
export interface PartnerSourceEvent {
  id: string;
  type: string;
  occurredAt: string;
  data: unknown;
}

export type PartnerViewCommand = { type: 'RecordPartnerEvent'; source: PartnerSourceEvent };

const TEXT_FIELDS = [
  'name',
  'email',
  'type',
  'organization',
  'position',
  'knownAs',
  'webAddress',
  'status',
] as const;

/** The partner id an event of the partners topic is about (data.id, data.partnerId or data.partner.id). */
export function partnerIdOf(data: unknown): string | undefined {
  const d = (data ?? {}) as Record<string, unknown>;
  const nested = (d.partner ?? {}) as Record<string, unknown>;
  const id = d.partnerId ?? d.id ?? nested.id;
  return typeof id === 'string' && id ? id : undefined;
}

/** The partner fields an event carries, flat or under `partner` (and a status change's `status`). */
function fieldsOf(data: unknown): Partial<PartnerSnapshot> {
  const d = (data ?? {}) as Record<string, unknown>;
  const source = {
    ...d,
    ...((d.partner ?? {}) as Record<string, unknown>),
    ...((d.changes ?? {}) as Record<string, unknown>),
  };
  const out: Partial<PartnerSnapshot> = {};
  for (const f of TEXT_FIELDS) {
    const v = source[f];
    if (typeof v === 'string') out[f] = v;
    else if (v === null) out[f] = undefined;
  }
  return out;
}

const same = (a: PartnerSnapshot, b: PartnerSnapshot) =>
  TEXT_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null)) && a.id === b.id;

const withoutUndefined = (p: PartnerSnapshot): PartnerSnapshot =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as PartnerSnapshot;

export function decide(command: PartnerViewCommand, state: PartnerViewState): PartnerViewEvent[] {
  const { source } = command;
  const partnerId = partnerIdOf(source.data);
  if (!partnerId) return [];
  const from = { eventId: source.id, type: source.type, at: source.occurredAt };
  let next: PartnerSnapshot;
  if (PARTNER_CREATED_TYPES.includes(source.type)) {
    next = withoutUndefined({
      name: '',
      email: '',
      type: 'club',
      status: 'Pending',
      ...fieldsOf(source.data),
      id: partnerId,
    });
  } else if (PARTNER_CHANGED_TYPES.includes(source.type)) {
    if (!state.known) return []; // a change of a partner this service never saw created: nothing to base it on
    next = withoutUndefined({ ...state.partner, ...fieldsOf(source.data), id: partnerId });
  } else {
    return [];
  }
  if (state.known && same(state.partner, next)) return [];
  return [{ type: 'PartnerRecorded', data: { partner: next, source: from } }];
}

export const partnerViewDecider: Decider<PartnerViewState, PartnerViewCommand, PartnerViewEvent> = {
  initialState,
  decide,
  evolve,
};
