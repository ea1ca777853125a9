import type { IntegrationEvent } from '@12yards/api/src/events';
import {
  NotFound,
  runReaction,
  subscribeToTopic,
  type ServiceContext,
  type StoredEvent,
  type Subscription,
} from '@12yards/platform';
import { partnerDecider, type PartnerCommand } from '../partner/decide';
import { partnerStreamId } from '../partner/events';

/** The consumer group of this service on other services' topics. */
export const GROUP = 'partners';
export const CONTRACTS_TOPIC = 'contracts' as const;

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
  let command: PartnerCommand;
  switch (kind) {
    case 'ContractCreated':
    case 'ContractReactivated':
      command = { type: 'RecordContractCreated', id: partnerId, contractId, at };
      break;
    case 'ContractEnded':
    case 'ContractDeleted':
      command = { type: 'RecordContractEnded', id: partnerId, contractId, reason: kind, at };
      break;
    default: // the contract's other events (a generated document) change no partner
      return;
  }
  try {
    // Ids derived from the source event: even a redelivery that slipped past the inbox (a crash between this append
    // and the inbox record) appends nothing twice. An admin edit in between is decided again (3 tries).
    const { events } = await runReaction(ctx, partnerStreamId(partnerId), partnerDecider, command, {
      actor: 'system',
      eventId: source.id,
      purpose: ACTIVATING.has(kind) ? 'promote' : 'release',
      type: kind,
    });
    // One line per effect (not per delivery): how work spreads over replicas is counted from these.
    if (events.length > 0)
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
}

/** Started by the service definition's build(); progress is checkpointed by the bus, duplicates kept out by the inbox. */
export function subscribeToContracts(ctx: ServiceContext): Promise<Subscription> {
  return subscribeToTopic(ctx, GROUP, CONTRACTS_TOPIC, (event, message) =>
    handleContractEvent(ctx, event, message),
  );
}
