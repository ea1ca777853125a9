import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../../observability/logging';

/**
 * Redis pub/sub for a process: one connection publishes, one listens to the channels subscribed. It listens from the
 * moment Redis confirms the subscriptions until its connection drops; Redis keeps no message for a subscriber that
 * was away, so its owner is told (`onDeaf`) and must assume it missed some.
 */
export class RedisPubSub {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<(message: Buffer) => void>>();
  private readonly deafListeners = new Set<() => void>();
  private confirmed = false;
  /** Subscriptions asked for while listening and not confirmed yet. */
  private confirming = 0;
  private publisherWasReady = false;
  /** The name its listening connection gives Redis (CLIENT LIST), one per process. */
  readonly connectionName: string;

  /** `label`: what the logs and the connection's name call it. */
  constructor(
    url: string,
    label: string,
    private readonly logger?: Logger,
  ) {
    this.connectionName = `${label}-${randomBytes(6).toString('hex')}`;
    this.publisher = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: 1, connectionName: this.connectionName });
    this.publisher.once('ready', () => (this.publisherWasReady = true));
    for (const connection of [this.publisher, this.subscriber])
      connection.on('error', (err) => logger?.warn({ err }, `${label}: redis connection error`));
    this.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      for (const handle of this.handlers.get(channel.toString()) ?? [])
        try {
          handle(message);
        } catch (err) {
          // A message its handler could not take is dropped: the connection goes on with the next one.
          logger?.warn({ err, channel: channel.toString() }, `${label}: a message could not be handled`);
        }
    });
    // Each connection (the first, and every one after a drop) listens once Redis confirms the subscriptions.
    this.subscriber.on('ready', () => {
      this.confirming = 0;
      const channels = [...this.handlers.keys()];
      const subscribed = channels.length > 0 ? this.subscriber.subscribe(...channels) : Promise.resolve();
      subscribed.then(
        () => {
          if (this.subscriber.status === 'ready') this.confirmed = true;
        },
        () => undefined,
      );
    });
    for (const event of ['close', 'reconnecting', 'end'])
      this.subscriber.on(event, () => {
        if (!this.confirmed) return;
        this.confirmed = false;
        for (const deaf of this.deafListeners) deaf();
      });
  }

  /** True while every channel subscribed is heard. */
  get listening(): boolean {
    return this.confirmed && this.subscriber.status === 'ready';
  }

  /** Publishes; resolves to how many processes heard it. Rejects when Redis cannot be reached. */
  async publish(channel: string, message: string | Buffer): Promise<number> {
    return this.publisher.publish(channel, message);
  }

  /** Waits up to `ms` for the first connection of a process that has just started (never again after it). */
  async firstConnection(ms: number): Promise<void> {
    if (this.publisherWasReady || this.publisher.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.publisher.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.publisher.once('ready', done);
    });
  }

  /** Calls `handle` with each message of `channel` from once its subscription is confirmed; returns the stop. */
  subscribe(channel: string, handle: (message: Buffer) => void): () => void {
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      this.handlers.set(channel, (handlers = new Set()));
      // A channel added while listening is heard once confirmed: until then the process does not count as listening.
      if (this.subscriber.status === 'ready') {
        this.confirmed = false;
        this.confirming++;
        this.subscriber.subscribe(channel).then(
          () => {
            if (--this.confirming === 0 && this.subscriber.status === 'ready') this.confirmed = true;
          },
          () => this.confirming--,
        );
      }
    }
    handlers.add(handle);
    return () => {
      handlers.delete(handle);
      if (handlers.size > 0 || this.handlers.get(channel) !== handlers) return;
      this.handlers.delete(channel);
      if (this.subscriber.status === 'ready')
        void this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  /** Told when the process stops listening (what it heard before may be all it will hear of that time). */
  onDeaf(listener: () => void): () => void {
    this.deafListeners.add(listener);
    return () => this.deafListeners.delete(listener);
  }

  /** Resolves once listening (or after `ms`). */
  async ready(ms = 5000): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!this.listening && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return this.listening;
  }

  async close(): Promise<void> {
    this.confirmed = false;
    // A connection that is down is dropped, not quit: QUIT would wait for a reconnection that may never come.
    await Promise.all(
      [this.publisher, this.subscriber].map((c) =>
        c.status === 'ready' ? c.quit().catch(() => undefined) : c.disconnect(),
      ),
    );
  }
}
