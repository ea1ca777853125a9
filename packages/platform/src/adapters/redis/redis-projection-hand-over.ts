import { deserialize, serialize } from 'node:v8';
import type { Logger } from '../../observability/logging';
import type { AppliedNews, HandOverListener, ProjectionHandOver, StoredEvent } from '../../ports';
import { RedisPubSub } from './redis-pub-sub';

const NEWLINE = 0x0a;

/** Reads a message of ours; null for anything else (a message that cannot be read is not acted on). */
const read = (message: Buffer): unknown => {
  try {
    return deserialize(message);
  } catch {
    return null;
  }
};

const isEvents = (value: unknown): value is StoredEvent[] =>
  Array.isArray(value) && value.every((e) => typeof (e as StoredEvent)?.position === 'number');

const isNews = (value: unknown): value is AppliedNews =>
  typeof (value as AppliedNews)?.holder === 'string' &&
  typeof (value as AppliedNews).position === 'number' &&
  Array.isArray((value as AppliedNews).rows);

/**
 * The hand-over on Redis pub/sub, per service: events go to `[<namespace>:]12yards:<service>:<projection>:to:<holder>`,
 * news of what was applied to `…:<projection>:applied`. Messages are V8-serialised (rows keep their Dates as the read
 * models hold them). They carry events and rows as the service's read models hold them, personal fields included, so
 * they cross only the service's own Redis, and Redis keeps no pub/sub message.
 */
export class RedisProjectionHandOver implements ProjectionHandOver {
  private readonly pubSub: RedisPubSub;
  private readonly prefix: string;

  constructor(url: string, namespace: string | undefined, service: string, logger?: Logger) {
    this.prefix = `${namespace ? `${namespace}:` : ''}12yards:${service}`;
    this.pubSub = new RedisPubSub(url, `${service}-projection-hand-over`, logger);
  }

  get listening(): boolean {
    return this.pubSub.listening;
  }

  get connectionName(): string {
    return this.pubSub.connectionName;
  }

  private to(projection: string, holder: string) {
    return `${this.prefix}:${projection}:to:${holder}`;
  }

  private applied(projection: string) {
    return `${this.prefix}:${projection}:applied`;
  }

  async send(projection: string, holder: string, events: StoredEvent[]): Promise<boolean> {
    const heard = await this.pubSub.publish(this.to(projection, holder), serialize(events));
    return heard > 0;
  }

  /** The news goes out behind its teller's id and a newline, so the teller's own listener drops it unread. */
  tell(projection: string, news: AppliedNews): void {
    const message = Buffer.concat([Buffer.from(`${news.holder}\n`), serialize(news)]);
    void this.pubSub.publish(this.applied(projection), message).catch(() => undefined);
  }

  listen(projection: string, holder: string, listener: HandOverListener): () => void {
    const stops = [
      this.pubSub.subscribe(this.to(projection, holder), (message) => {
        const events = read(message);
        if (isEvents(events)) listener.handedOver(events);
      }),
      this.pubSub.subscribe(this.applied(projection), (message) => {
        const end = message.indexOf(NEWLINE);
        if (end < 0 || message.subarray(0, end).toString() === holder) return;
        const news = read(message.subarray(end + 1));
        if (isNews(news)) listener.applied(news);
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }

  close(): Promise<void> {
    return this.pubSub.close();
  }
}
