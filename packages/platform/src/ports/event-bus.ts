import type { StoredEvent } from './event-store';

export type EventHandler = (event: StoredEvent, topic: string) => Promise<void>;

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /**
   * How long an event may wait, while events come fast, before this subscriber is handed it (default: no longer than
   * the bus needs). A bus may then gather them into fewer, bigger deliveries under load, so that each event costs the
   * bus and the subscriber less; an event after a quiet spell still comes at once. For subscribers nobody waits on
   * at that moment, such as a background reaction, a live view, or a view a caller can do without.
   */
  maxDelayMs?: number;
}

export interface EventBus {
  /**
   * True when events must be relayed from the store to the bus (Kafka). False when the producer's event
   * store itself is the topic (embedded), so publishing has nothing to do.
   */
  readonly needsRelay: boolean;
  /** Publishes in order; resolves only once the bus has acknowledged every event. */
  publish(topic: string, events: StoredEvent[]): Promise<void>;
  /**
   * Delivers every event of the topics to the handler, at least once, in order within a stream. A group's
   * progress is committed only after the handler resolved, so a crash before that redelivers the event.
   */
  subscribe(
    group: string,
    topics: string[],
    handler: EventHandler,
    options?: SubscribeOptions,
  ): Promise<Subscription>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}
