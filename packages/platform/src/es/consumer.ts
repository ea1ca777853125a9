import type { EventBus, ReadModels, StoredEvent, Subscription } from '../ports';
import { DependencyUnavailableError, isNetworkError, unavailableDependency } from '../ports/unavailable';
import type { Logger } from '../observability/logging';
import type { Metrics } from '../observability/metrics';
import { subscribeIdempotent } from './inbox';

/** Why a message was set aside, kept with it in the dead-letter store. */
export interface DeadLetter {
  group: string;
  topic: string;
  reason: string;
  at: string;
}

/** The meta key a dead-lettered message carries its DeadLetter under. */
export const DEAD_LETTER_META = 'deadLetter';

/** The dead-letter topic of a topic: on Kafka a topic of its own, embedded a table in the consumer's file. */
export const deadLetterTopic = (topic: string) => `${topic}.dlq`;

export type Parsed<E> = { ok: true; event: E } | { ok: false; reason: string };

export interface IntegrationConsumer<E> {
  group: string;
  topics: string[];
  /** Reads a message with its topic's published schemas (packages/api/src/events). */
  parse: (message: StoredEvent, topic: string) => Parsed<E>;
  /** Whether it reacts to a parsed event; the others are passed by without an inbox record. Default: all. */
  wants?: (event: E) => boolean;
  /** Handles a parsed event; `message` is the envelope (id, stream, position, time, meta). */
  handle: (event: E, message: StoredEvent, topic: string) => Promise<void>;
  logger: Logger;
  metrics?: Metrics;
  /** Tries of a handler that keeps failing before its message is dead-lettered. Default 5. */
  maxAttempts?: number;
  /** The wait before try n+1. Default 100 ms doubled each time. */
  retryDelayMs?: (attempt: number) => number;
  /** How long a message may wait before it is handed over (SubscribeOptions; default: at once). */
  maxDelayMs?: number;
}

/**
 * Subscribes (with an inbox) to integration events. A message that does not parse, or whose handler still fails
 * after `maxAttempts` tries, goes to the dead-letter topic with the reason, and the consumer goes on with the next
 * one instead of retrying it forever. A backing server that does not answer (the handler's own database, say) is not
 * the message's fault: that failure goes back to the bus, which redelivers the message later, as before.
 */
export function subscribeIntegrationEvents<E>(
  bus: EventBus,
  models: ReadModels,
  consumer: IntegrationConsumer<E>,
): Promise<Subscription> {
  const { group, logger, maxAttempts = 5, retryDelayMs = (n: number) => 100 * 2 ** (n - 1) } = consumer;
  const deadLettered = consumer.metrics?.counter({
    name: 'events_dead_lettered_total',
    help: 'Integration events a consumer set aside in the dead-letter store (did not parse, or kept failing)',
    labelNames: ['group', 'topic'],
  });
  for (const topic of consumer.topics) deadLettered?.inc({ group, topic }, 0);

  const deadLetter = async (message: StoredEvent, topic: string, reason: string) => {
    const letter: DeadLetter = { group, topic, reason, at: new Date().toISOString() };
    await bus.publish(deadLetterTopic(topic), [
      { ...message, meta: { ...message.meta, [DEAD_LETTER_META]: letter } },
    ]);
    deadLettered?.inc({ group, topic });
    logger.warn(
      { eventId: message.id, type: message.type, topic, group, reason },
      'integration event dead-lettered',
    );
  };

  // Parsed once: by the pass-by check, then read by the handler.
  const parsedMessages = new WeakMap<StoredEvent, Parsed<E>>();
  const parse = (message: StoredEvent, topic: string) => {
    let parsed = parsedMessages.get(message);
    if (!parsed) parsedMessages.set(message, (parsed = consumer.parse(message, topic)));
    return parsed;
  };
  const { wants } = consumer;
  const passBy =
    wants &&
    ((message: StoredEvent, topic: string) => {
      const parsed = parse(message, topic);
      return parsed.ok && !wants(parsed.event);
    });
  const handle = async (message: StoredEvent, topic: string) => {
    const parsed = parse(message, topic);
    if (!parsed.ok) return deadLetter(message, topic, parsed.reason);
    for (let attempt = 1; ; attempt++) {
      try {
        return await consumer.handle(parsed.event, message, topic);
      } catch (err) {
        const transient =
          err instanceof DependencyUnavailableError ||
          unavailableDependency(err) !== null ||
          isNetworkError(err);
        if (transient) throw err;
        if (attempt >= maxAttempts) {
          const reason = `handler failed ${attempt} times: ${err instanceof Error ? err.message : String(err)}`;
          return deadLetter(message, topic, reason);
        }
        logger.warn({ err, eventId: message.id, attempt }, 'integration event handler failed; trying again');
        await new Promise((r) => setTimeout(r, retryDelayMs(attempt)));
      }
    }
  };
  return subscribeIdempotent(bus, models, group, consumer.topics, handle, passBy, {
    maxDelayMs: consumer.maxDelayMs,
  });
}
