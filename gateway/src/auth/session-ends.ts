import type { Logger } from '@12yards/platform';
import { RedisPubSub } from '@12yards/platform/src/adapters/redis/redis-pub-sub';

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
 * The channel on Redis pub/sub (`[<namespace>:]12yards:gateway:sessions-ended`). It listens from the moment its
 * subscription is confirmed until its connection drops; Redis keeps no message for a subscriber that was away, so a
 * process that reconnects starts from nothing kept.
 */
export class RedisSessionEnds implements SessionEndsChannel {
  private readonly pubSub: RedisPubSub;
  private readonly channel: string;
  private readonly listeners = new Set<SessionEndsListener>();

  constructor(
    url: string,
    namespace: string | undefined,
    private readonly logger?: Logger,
  ) {
    this.channel = `${namespace ? `${namespace}:` : ''}12yards:gateway:sessions-ended`;
    this.pubSub = new RedisPubSub(url, 'session-ends', logger);
    this.pubSub.subscribe(this.channel, (message) => {
      const ended = parse(message.toString());
      if (ended) for (const l of this.listeners) l.ended(ended);
    });
    this.pubSub.onDeaf(() => {
      for (const l of this.listeners) l.deaf();
    });
  }

  get listening(): boolean {
    return this.pubSub.listening;
  }

  /** The name its listening connection gives Redis (CLIENT LIST), one per process. */
  get connectionName(): string {
    return this.pubSub.connectionName;
  }

  async publish(ended: EndedSessions): Promise<void> {
    // A process that has just started (the admin:create command) waits a moment for its first connection; one whose
    // connection dropped does not hold a logout up: the publish fails at once and is logged.
    await this.pubSub.firstConnection(PUBLISH_WAIT_MS);
    await this.pubSub.publish(this.channel, JSON.stringify(ended)).catch((err: unknown) => {
      this.logger?.warn({ err }, 'session ends: could not tell the other gateway processes');
    });
  }

  subscribe(listener: SessionEndsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once listening (or after `ms`): a process keeps nothing before. */
  ready(ms = 5000): Promise<boolean> {
    return this.pubSub.ready(ms);
  }

  close(): Promise<void> {
    return this.pubSub.close();
  }
}
