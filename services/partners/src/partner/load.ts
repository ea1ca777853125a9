import { fold, type EventStore } from '@12yards/platform';
import { partnerDecider } from './decide';
import { partnerStreamId, type PartnerEvent } from './events';
import type { PartnerState } from './evolve';

/** The partner's current state from its own stream (authoritative, unlike the read model). */
export async function loadPartner(store: EventStore, id: string): Promise<PartnerState> {
  return fold(partnerDecider, (await store.read(partnerStreamId(id))) as unknown as PartnerEvent[]);
}
