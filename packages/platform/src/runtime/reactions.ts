import { parseIntegrationEvent, type IntegrationEvent, type Producer } from '@12yards/api/src/events';
import type { StoredEvent, Subscription } from '../ports';
import type { OptionalAdapter } from './infrastructure';
import type { ServiceContext } from './service';
import { subscribeIntegrationEvents, type IntegrationConsumer } from '../es/consumer';
import { runCommand, type CommandSite, type Decider, type DomainEvent } from '../es/decider';

/** Tries of a reaction's command when admin edits append to the same stream in between. */
export const REACTION_ATTEMPTS = 3;

/**
 * Follows another service's topic as this service's consumer group: each message is parsed with the topic's
 * published schemas (one that does not parse is dead-lettered with the reason) and handled with its envelope.
 * With `wants`, the events it does not react to are passed by without an inbox record; with `maxDelayMs`, the bus may
 * hand them over that much later, gathered (a reaction nobody waits on).
 */
export function subscribeToTopic<P extends Producer, U extends OptionalAdapter>(
  ctx: ServiceContext<U>,
  group: string,
  topic: P,
  handle: (event: IntegrationEvent<P>, message: StoredEvent) => Promise<void>,
  options: Pick<IntegrationConsumer<IntegrationEvent<P>>, 'wants' | 'maxDelayMs'> = {},
): Promise<Subscription> {
  return subscribeIntegrationEvents(ctx.infra.bus, ctx.infra.readModels, {
    group,
    topics: [topic],
    ...options,
    parse: (message) => parseIntegrationEvent(topic, message),
    handle: (event, message) => handle(event, message),
    logger: ctx.logger,
    metrics: ctx.metrics,
  });
}

/** Which message a reaction reacts to, why, and on whose behalf its events are written. */
export interface Reaction {
  /** The message's id: the appended events' ids derive from it, so a redelivery appends nothing twice. */
  eventId: string;
  /** What the reaction is for (one message may cause several reactions, each its own ids). */
  purpose: string;
  /** The message's type, kept as the events' causation type (the history shows it as the actor). */
  type?: string;
  actor: string;
  /**
   * The message starts the stream it is recorded in (an entity's first event): the command is decided on the
   * initial state without reading the stream first. Should the stream exist after all (a redelivery), the append
   * fails on it and the next try reads it as usual.
   */
  startsStream?: boolean;
}

/** The command pipeline of a reaction to another service's message: derived ids, REACTION_ATTEMPTS tries. */
export function runReaction<State, Command, Event extends DomainEvent>(
  site: CommandSite,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  { actor, startsStream = false, ...causedBy }: Reaction,
) {
  return runCommand(site, streamId, decider, command, {
    meta: { actor },
    causedBy,
    attempts: REACTION_ATTEMPTS,
    newStream: startsStream,
  });
}
