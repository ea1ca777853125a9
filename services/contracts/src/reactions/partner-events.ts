import {
  runReaction,
  subscribeToTopic,
  type ServiceContext,
  type StoredEvent,
  type Subscription,
} from '@12yards/platform';
import { aboutPartner, partnerViewDecider, type PartnerIntegrationEvent } from '../partner-view/decide';
import { streamId } from '../partner-view/events';
import { expirePartnerRecords } from '../privacy';

export const PARTNERS_TOPIC = 'partners' as const;
export const CONSUMER_GROUP = 'contracts';
/**
 * How late a partner's event may reach the partner view while applications pour in (an event after a quiet spell
 * comes at once). A contract for a partner the view has not heard of yet asks the partners service instead
 * (partnerLookup), so nobody waits for the view; in exchange, under a stream of applications the view's events come
 * a few dozen to a fetch, and their reactions share their commands.
 */
export const MAX_DELAY_MS = 100;

/**
 * Records one integration event of the partners topic in this service's store (`source`: its envelope). The appended
 * event's id derives from the source event's id, so a redelivery after a crash (between append and inbox record) is
 * refused as a duplicate.
 */
export async function recordPartnerEvent(
  ctx: ServiceContext,
  event: PartnerIntegrationEvent,
  source: Pick<StoredEvent, 'id' | 'occurredAt'>,
): Promise<void> {
  await runReaction(
    ctx,
    streamId(event.data.partnerId),
    partnerViewDecider,
    { type: 'RecordPartnerEvent', source: { id: source.id, occurredAt: source.occurredAt, event } },
    {
      actor: 'partners',
      eventId: source.id,
      purpose: 'contracts-partner-view',
      // An application is the partner's first event: its view's stream is new, so it is not read first.
      startsStream: event.type === 'PartnerApplicationSubmitted',
    },
  );
}

/**
 * Keeps the partner view from the partners service's events (group 'contracts'), and erases its record of the
 * applicants whose applications the partners service's retention sweep erased.
 */
export function subscribeToPartners(ctx: ServiceContext<'jobs' | 'objects'>): Promise<Subscription> {
  return subscribeToTopic(
    ctx,
    CONSUMER_GROUP,
    PARTNERS_TOPIC,
    async (event, message) => {
      if (aboutPartner(event)) await recordPartnerEvent(ctx, event, message);
      else if (event.type === 'ApplicationsExpired') await expirePartnerRecords(ctx, event.data.partnerIds);
    },
    {
      wants: (event) => aboutPartner(event) || event.type === 'ApplicationsExpired',
      maxDelayMs: MAX_DELAY_MS,
    },
  );
}
