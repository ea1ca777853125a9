import { parseIntegrationEvent, type IntegrationEvent } from '@12yards/api/src/events';
import {
  ConcurrencyError,
  deterministicEventId,
  DuplicateEventError,
  fold,
  subscribeIntegrationEvents,
  type ServiceContext,
  type StoredEvent,
  type Subscription,
} from '@12yards/platform';
import { partnerViewDecider } from './decide';
import { streamId, type PartnerViewEvent } from './events';

export const PARTNERS_TOPIC = 'partners' as const;
export const CONSUMER_GROUP = 'contracts';

/**
 * Records one integration event of the partners topic in this service's store (`source`: its envelope). The appended
 * event's id derives from the source event's id, so a redelivery after a crash (between append and inbox record) is
 * refused as a duplicate.
 */
export async function recordPartnerEvent(
  ctx: ServiceContext,
  event: IntegrationEvent<'partners'>,
  source: Pick<StoredEvent, 'id' | 'occurredAt'>,
): Promise<void> {
  const stream = streamId(event.data.partnerId);
  for (let attempt = 1; ; attempt++) {
    const history = (await ctx.infra.eventStore.read(stream)) as unknown as PartnerViewEvent[];
    const state = fold(partnerViewDecider, history);
    const decided = partnerViewDecider.decide(
      { type: 'RecordPartnerEvent', source: { id: source.id, occurredAt: source.occurredAt, event } },
      state,
    );
    if (decided.length === 0) return;
    try {
      await ctx.infra.eventStore.append(
        stream,
        history.length === 0 ? 'no_stream' : history.length,
        decided.map((e, i) => ({
          ...e,
          id: deterministicEventId(source.id, `contracts-partner-view-${i}`),
          meta: { actor: 'partners', causationId: source.id },
        })),
      );
      break;
    } catch (err) {
      if (err instanceof DuplicateEventError) return;
      if (err instanceof ConcurrencyError && attempt < 3) continue;
      throw err;
    }
  }
  await ctx.projector.catchUp();
}

/** Keeps the partner view from the partners service's events (group 'contracts'). */
export function subscribeToPartners(ctx: ServiceContext): Promise<Subscription> {
  return subscribeIntegrationEvents(ctx.infra.bus, ctx.infra.readModels, {
    group: CONSUMER_GROUP,
    topics: [PARTNERS_TOPIC],
    parse: (message) => parseIntegrationEvent(PARTNERS_TOPIC, message),
    handle: (event, message) => recordPartnerEvent(ctx, event, message),
    logger: ctx.logger,
    metrics: ctx.metrics,
  });
}
