import {
  ConcurrencyError,
  deterministicEventId,
  DuplicateEventError,
  fold,
  subscribeIdempotent,
  type ServiceContext,
  type StoredEvent,
  type Subscription,
} from '@12yards/platform';
import { partnerIdOf, partnerViewDecider } from './decide';
import { streamId, type PartnerViewEvent } from './events';

export const PARTNERS_TOPIC = 'partners';
export const CONSUMER_GROUP = 'contracts';

/**
 * Records one event of the partners topic in this service's store. The appended event's id derives from the source
 * event's id, so a redelivery after a crash (between append and inbox record) is refused as a duplicate.
 */
export async function recordPartnerEvent(ctx: ServiceContext, source: StoredEvent): Promise<void> {
  const partnerId = partnerIdOf(source.data);
  if (!partnerId) return;
  const stream = streamId(partnerId);
  for (let attempt = 1; ; attempt++) {
    const history = (await ctx.infra.eventStore.read(stream)) as unknown as PartnerViewEvent[];
    const state = fold(partnerViewDecider, history);
    const decided = partnerViewDecider.decide({ type: 'RecordPartnerEvent', source }, state);
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
  return subscribeIdempotent(ctx.infra.bus, ctx.infra.readModels, CONSUMER_GROUP, [PARTNERS_TOPIC], (event) =>
    recordPartnerEvent(ctx, event),
  );
}
