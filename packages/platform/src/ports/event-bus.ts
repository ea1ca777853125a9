import type { StoredEvent } from './event-store';

export type EventHandler = (event: StoredEvent, topic: string) => Promise<void>;

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /**
   * How long an event may wait before this subscriber is handed it (default: no longer than the bus needs). A bus
   * may then gather events into fewer, bigger deliveries: for subscribers nobody waits on, such as a background
   * reaction or a live view, so that each event costs the bus and the subscriber less under load.
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
