import { parseIntegrationEvent, type IntegrationEvent } from '@12yards/api/src/events';
import {
  ConcurrencyError,
  deterministicEventId,
  DuplicateEventError,
  fold,
  NotFound,
  subscribeIntegrationEvents,
  type ServiceContext,
  type StoredEvent,
  type Subscription,
} from '@12yards/platform';
import { partnerDecider, type PartnerCommand } from '../partner/decide';
import { partnerStreamId, type PartnerEvent } from '../partner/events';

/** The consumer group of this service on other services' topics. */
export const GROUP = 'partners';
export const CONTRACTS_TOPIC = 'contracts' as const;

/**
 * Appends the events a command decides, with ids derived from the source event, so that even a redelivery that
 * slipped past the inbox (a crash between this append and the inbox record) cannot append twice.
 */
async function decideAndAppend(
  ctx: ServiceContext,
  command: PartnerCommand,
  source: StoredEvent,
  purpose: string,
) {
  const store = ctx.infra.eventStore;
  const streamId = partnerStreamId(command.id);
  for (let attempt = 1; ; attempt++) {
    const history = (await store.read(streamId)) as unknown as PartnerEvent[];
    const decided = partnerDecider.decide(command, fold(partnerDecider, history));
    if (decided.length === 0) return 0;
    try {
      await store.append(
        streamId,
        history.length,
        decided.map((e, i) => ({
          ...e,
          id: deterministicEventId(source.id, i === 0 ? purpose : `${purpose}-${i}`),
          meta: { actor: 'system', causationId: source.id },
        })),
      );
      return decided.length;
    } catch (err) {
      if (err instanceof DuplicateEventError) return 0;
      if (err instanceof ConcurrencyError && attempt < 3) continue; // an admin edit in between: decide again
      throw err; // the bus redelivers the event later
    }
  }
}

/** Contract events that make a contract active for its partner (a reactivated contract counts as a new one). */
const ACTIVATING = new Set(['ContractCreated', 'ContractReactivated']);

/**
 * The contracts service's integration events: ContractCreated (and ContractReactivated, an ended contract whose end
 * date was moved back) promotes the partner (status Partner, locked while it has active contracts); ContractEnded and
 * ContractDeleted release one contract, unlocking at zero. `source` is the message's envelope (its id derives ours).
 */
export async function handleContractEvent(
  ctx: ServiceContext,
  event: IntegrationEvent<'contracts'>,
  source: StoredEvent,
): Promise<void> {
  const kind = event.type;
  const { contractId, partnerId } = event.data;
  const at = ctx.clock();
  const command: PartnerCommand =
    kind === 'ContractCreated' || kind === 'ContractReactivated'
      ? { type: 'RecordContractCreated', id: partnerId, contractId, at }
      : { type: 'RecordContractEnded', id: partnerId, contractId, reason: kind, at };
  try {
    const appended = await decideAndAppend(
      ctx,
      command,
      source,
      ACTIVATING.has(kind) ? 'promote' : 'release',
    );
    // One line per effect (not per delivery): how work spreads over replicas is counted from these.
    if (appended > 0)
      ctx.logger.info(
        { eventId: source.id, partnerId, contractId },
        ACTIVATING.has(kind) ? 'partner promoted' : 'partner contract released',
      );
  } catch (err) {
    // A contract for a partner this service never had cannot be applied; retrying would block the topic.
    if (err instanceof NotFound) {
      ctx.logger.warn(
        { eventId: source.id, partnerId, contractId },
        `${kind} for an unknown partner; skipped`,
      );
      return;
    }
    throw err;
  }
  await ctx.projector.catchUp();
}

/** Started by the service definition's build(); progress is checkpointed by the bus, duplicates kept out by the inbox. */
export function subscribeToContracts(ctx: ServiceContext): Promise<Subscription> {
  return subscribeIntegrationEvents(ctx.infra.bus, ctx.infra.readModels, {
    group: GROUP,
    topics: [CONTRACTS_TOPIC],
    parse: (message) => parseIntegrationEvent(CONTRACTS_TOPIC, message),
    handle: (event, message) => handleContractEvent(ctx, event, message),
    logger: ctx.logger,
    metrics: ctx.metrics,
  });
}
