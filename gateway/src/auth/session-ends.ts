import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '@12yards/platform';

/** Sessions that ended, as told to the other gateway processes: by the stored id (never the cookie value). */
export type EndedSessions = { sessionId: string } | { userId: string };

/** Told of each end heard (`ended`), and when the process stopped listening (`deaf`: what it kept may have ended). */
export interface SessionEndsListener {
  ended(ended: EndedSessions): void;
  deaf(): void;
}

/**
 * How the gateway processes that share one storage tell each other that sessions ended (a logout, a password or role
 * change), so that each may keep the sessions it read for a moment instead of reading one at every request.
 */
export interface SessionEndsChannel {
  /** True while this process hears every end published: only then may it keep what it read. */
  readonly listening: boolean;
  /**
   * Tells every process listening (this one included). Never fails: an end that could not be told holds in the
   * other processes once their kept read of it is SESSION_READ_KEPT_MS old.
   */
  publish(ended: EndedSessions): Promise<void>;
  /** Calls the listener from now on; returns the function that stops it. */
  subscribe(listener: SessionEndsListener): () => void;
  close(): Promise<void>;
}

/** How long a publish waits for its connection to Redis before it gives up (and logs). */
const PUBLISH_WAIT_MS = 2000;

const parse = (message: string): EndedSessions | null => {
  try {
    const value = JSON.parse(message) as Record<string, unknown>;
    if (typeof value.sessionId === 'string') return { sessionId: value.sessionId };
    if (typeof value.userId === 'string') return { userId: value.userId };
  } catch {
    // not one of ours
  }
  return null;
};

/**
 * The channel on Redis pub/sub (`[<namespace>:]12yards:gateway:sessions-ended`): one connection publishes, one
 * listens. It listens from the moment its subscription is confirmed until its connection drops; Redis keeps no
 * message for a subscriber that was away, so a process that reconnects starts from nothing kept.
 */
export class RedisSessionEnds implements SessionEndsChannel {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly listeners = new Set<SessionEndsListener>();
  private confirmed = false;
  private publisherWasReady = false;
  /** The name its listening connection gives Redis (CLIENT LIST), one per process. */
  readonly connectionName = `session-ends-${randomBytes(6).toString('hex')}`;

  constructor(
    url: string,
    namespace: string | undefined,
    private readonly logger?: Logger,
  ) {
    this.channel = `${namespace ? `${namespace}:` : ''}12yards:gateway:sessions-ended`;
    this.publisher = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: 1, connectionName: this.connectionName });
    this.publisher.once('ready', () => (this.publisherWasReady = true));
    for (const connection of [this.publisher, this.subscriber])
      connection.on('error', (err) => logger?.warn({ err }, 'session ends: redis connection error'));
    this.subscriber.on('message', (channel: string, message: string) => {
      const ended = channel === this.channel ? parse(message) : null;
      if (ended) for (const l of this.listeners) l.ended(ended);
    });
    // Each connection (the first, and every one after a drop) listens once Redis confirms the subscription.
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(
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
        for (const l of this.listeners) l.deaf();
      });
  }

  get listening(): boolean {
    return this.confirmed && this.subscriber.status === 'ready';
  }

  async publish(ended: EndedSessions): Promise<void> {
    // A process that has just started (the admin:create command) waits a moment for its first connection; one whose
    // connection dropped does not hold a logout up: the publish fails at once and is logged.
    if (!this.publisherWasReady) await this.connected(this.publisher, PUBLISH_WAIT_MS);
    await this.publisher.publish(this.channel, JSON.stringify(ended)).catch((err: unknown) => {
      this.logger?.warn({ err }, 'session ends: could not tell the other gateway processes');
    });
  }

  subscribe(listener: SessionEndsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private connected(connection: Redis, ms: number): Promise<void> {
    if (connection.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        connection.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      connection.once('ready', done);
    });
  }

  /** Resolves once listening (or after `ms`): a process keeps nothing before. */
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
