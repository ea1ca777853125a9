import { SCHEMA_VERSION_META } from '@12yards/api/src/events';
import type { EventBus, EventStore, ReadModels, StoredEvent } from '../ports';
import type { Logger } from '../observability/logging';

/** An integration event as a producer maps it from one of its internal events (`version`: the schema's). */
export interface PublishedEvent {
  type: string;
  version: number;
  data: unknown;
}
/** A service's map from its internal events to the integration events it publishes (null: stays internal). */
export type IntegrationMapper = (event: StoredEvent) => PublishedEvent | null;

/**
 * The bus message of an integration event: the source event's envelope (id, stream, position, time, meta with its
 * trace context) with the integration event's type and data, and its schema version in meta.
 */
export function toMessage(source: StoredEvent, published: PublishedEvent): StoredEvent {
  return {
    ...source,
    type: published.type,
    data: published.data,
    meta: { ...source.meta, [SCHEMA_VERSION_META]: published.version },
  };
}

export interface OutboxRelayOptions {
  /**
   * Subscribes to appends in this process (SignallingEventStore.onAppend over the store the relay reads): the relay
   * publishes right after one, and the events it is handed, as that store holds them, go out without being read
   * back (those that follow what it published, one after another; past a position it was not handed, it reads).
   * Returns the unsubscribe function.
   */
  onAppend?: (listener: (events: StoredEvent[]) => void) => () => void;
  /** The fallback poll, for appends no notification reached (another process, a lost signal). Default 1 s. */
  pollMs?: number;
  /** The wait after a failed publish before trying again (a notification does not cut it short). Default 1 s. */
  retryMs?: number;
  /** Told how many events the bus acknowledged after each publish (the events_published_total counter). */
  onPublished?: (count: number) => void;
  /**
   * Whether this process may publish now (the service's leader: one relay per service); asked before each flush,
   * a follower waits a poll and asks again. Unset: always.
   */
  isActive?: () => boolean;
  /** Publishes only what this maps to (the service's integration events); unset: every event as stored. */
  toIntegration?: IntegrationMapper;
}

/** Past this many, appended events are no longer kept for the relay (it reads the store instead). */
const MAX_HANDED = 10_000;

/**
 * While it keeps publishing, the running relay moves its stored checkpoint at most this often, not after every
 * batch: a crash then sends again at most this long's events (at least once, as always: consumers keep their
 * effects single). A lull, a lost lead, a poll and stop() store it at once.
 */
const SAVE_EVERY_MS = 100;

/**
 * While appends keep coming, the relay publishes at most this often: the appends of those few milliseconds go to the
 * bus in one request, which each consumer then fetches once (a publish per append makes every consumer fetch, decode
 * and handle a batch per append). The first publish after a lull goes at once.
 */
const PUBLISH_EVERY_MS = 10;

/**
 * The outbox relay: the event store is the outbox. Events go to the bus in position order, and the checkpoint
 * moves only after the bus acknowledged, so a crash re-sends (at least once) instead of losing anything.
 * It publishes as soon as an append in this process signals it, and polls now and then for the rest.
 */
export class OutboxRelay {
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private wakeUp?: (bySignal: boolean) => void;
  /** Set by a notification; a flush in progress then runs once more instead of waiting. */
  private signalled = false;
  /**
   * Set by a poll, a retry or notify() from outside (this process began to lead): the next flush reads the store. A
   * wake-up by handed-over events alone reads it only when they do not follow what was published.
   */
  private mustRead = true;
  /** The position this relay last published up to (undefined: read the stored checkpoint). */
  private published?: number;
  /** The checkpoint as this relay last read or stored it (with `published` set; it may lag behind it). */
  private stored?: number;
  /** When this relay last stored its checkpoint, and whether it published past it since. */
  private savedAt = 0;
  private unsaved = false;
  /** When the loop last began to publish. */
  private sentAt = 0;
  /** Events appended in this process and handed over, by position, until published (see onAppend). */
  private readonly handed = new Map<number, StoredEvent>();
  private running?: Promise<void>;
  private unsubscribe?: () => void;
  private readonly options: Required<
    Omit<OutboxRelayOptions, 'onAppend' | 'onPublished' | 'isActive' | 'toIntegration'>
  > &
    OutboxRelayOptions;

  constructor(
    private readonly store: EventStore,
    private readonly bus: EventBus,
    private readonly models: ReadModels,
    private readonly topic: string,
    private readonly logger?: Logger,
    options: OutboxRelayOptions | number = {},
  ) {
    const o = typeof options === 'number' ? { pollMs: options } : options;
    this.options = { pollMs: 1000, retryMs: 1000, ...o };
  }

  start(): void {
    if (!this.bus.needsRelay || this.running) return;
    this.unsubscribe = this.options.onAppend?.((events) => {
      if (this.handed.size + events.length <= MAX_HANDED && (this.options.isActive?.() ?? true))
        for (const e of events) this.handed.set(e.position, e);
      this.wake();
    });
    this.running = this.loop();
  }

  /** Publishes now (or right after the flush in progress). */
  notify(): void {
    this.mustRead = true;
    this.wake();
  }

  private wake(): void {
    this.signalled = true;
    this.wakeUp?.(true);
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      // On a poll the stored checkpoint is read again (another replica may have relayed further); right after a
      // notification the position this relay published up to is enough, which saves a read on the hot path.
      if (!this.signalled) {
        await this.saveUnsaved();
        this.published = undefined;
      }
      const read = this.mustRead || !this.signalled;
      this.signalled = false;
      this.mustRead = false;
      if (this.options.isActive && !this.options.isActive()) {
        await this.saveUnsaved();
        await this.pause(this.options.pollMs, true); // notify() wakes it when this process starts to lead
        continue;
      }
      // Woken by an append soon after the last publish: the appends of the next moment go with it.
      const linger = this.sentAt + PUBLISH_EVERY_MS - Date.now();
      if (!read && linger > 0) await this.pause(linger, false);
      this.sentAt = Date.now();
      try {
        await this.send(read, true);
      } catch (err) {
        this.mustRead = true;
        this.logger?.error({ err }, 'outbox relay: publishing failed; will retry');
        await this.pause(this.options.retryMs, false);
        continue;
      }
      if (this.signalled) continue;
      // A lull: what was published is stored once no more comes for a moment.
      if (this.unsaved) {
        await this.pause(SAVE_EVERY_MS, true);
        if (this.signalled) continue;
        await this.saveUnsaved();
      }
      if (!this.signalled) await this.pause(this.options.pollMs, true);
    }
  }

  private pause(ms: number, wakeOnSignal: boolean): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(this.timer);
        this.wakeUp = undefined;
        resolve();
      };
      this.timer = setTimeout(done, ms);
      this.wakeUp = (bySignal) => {
        if (!bySignal || wakeOnSignal) done();
      };
    });
  }

  private get checkpoints() {
    return this.models.collection<{ id: string; position: number }>('checkpoints', { compareAndSet: true });
  }

  /** Publishes everything not yet published, and stores the checkpoint past it. */
  async flush(read = true): Promise<number> {
    return this.send(read, false);
  }

  /**
   * Publishes everything not yet published; with `read` false (woken by handed-over events alone), the store is
   * read only past a position that was not handed over. With `defer`, the checkpoint is stored at most every
   * SAVE_EVERY_MS (the loop stores the rest in a lull).
   */
  private async send(read: boolean, defer: boolean): Promise<number> {
    if (this.published === undefined) {
      this.stored = (await this.checkpoints.get('relay'))?.position;
      this.unsaved = false;
    }
    let position = this.published ?? this.stored ?? 0;
    let sent = 0;
    const woken = !read;
    for (;;) {
      const handed = this.handedAfter(position);
      if (handed.length === 0 && !read && this.handed.size === 0) return sent;
      // Handed past a position this process reserved: its append is on its way, and its hand-over wakes the relay
      // again (a poll reads the store, should it never come). Reading now would find the hole and stop there.
      if (handed.length === 0 && woken && this.store.reservedHere?.(position + 1) === true) return sent;
      read = true;
      // A read takes the handed-over events as they are: a store that reads position by position reads the others.
      const events = handed.length > 0 ? handed : await this.store.readAll(position, 500, this.handed);
      if (events.length === 0) return sent;
      const messages = this.messagesOf(events);
      if (messages.length > 0) await this.bus.publish(this.topic, messages);
      this.options.onPublished?.(messages.length);
      position = this.published = events[events.length - 1]!.position;
      this.unsaved = true;
      sent += events.length;
      if ((!defer || Date.now() - this.savedAt >= SAVE_EVERY_MS) && !(await this.save())) return sent;
      // After a handed-over run, the store is read only when events were handed past a position that was not.
      for (const e of handed) this.handed.delete(e.position);
      if (handed.length > 0 ? this.handed.size === 0 : events.length < 500) return sent;
    }
  }

  /**
   * Stores the checkpoint at the position published, with a compare-and-set from the one stored before, so it never
   * goes backwards: should another relay have moved it meanwhile (two leaders for a moment), this one reads it again
   * at its next flush instead of overwriting it. False then.
   */
  private async save(): Promise<boolean> {
    const position = this.published;
    if (position === undefined || !this.unsaved) return true;
    const moved = await this.checkpoints.putIf(
      { id: 'relay', position },
      this.stored === undefined ? null : { position: this.stored },
    );
    this.savedAt = Date.now();
    this.unsaved = false;
    if (!moved) {
      this.published = undefined; // the next flush starts from the stored checkpoint
      return false;
    }
    this.stored = position;
    return true;
  }

  /** Stores what was published past the stored checkpoint; a failure is logged (the next lull or poll tries again). */
  private async saveUnsaved(): Promise<void> {
    if (!this.unsaved) return;
    try {
      await this.save();
    } catch (err) {
      this.unsaved = true;
      this.logger?.warn({ err }, 'outbox relay: storing the checkpoint failed; will retry');
    }
  }

  /** The handed-over events right after `position`, one after another (at most a page); forgets those before. */
  private handedAfter(position: number): StoredEvent[] {
    for (const p of this.handed.keys()) if (p <= position) this.handed.delete(p);
    const run: StoredEvent[] = [];
    for (
      let next = this.handed.get(position + 1);
      next && run.length < 500;
      next = this.handed.get(next.position + 1)
    )
      run.push(next);
    return run;
  }

  /** The bus messages of a batch: its integration events (the checkpoint still moves past the internal ones). */
  private messagesOf(events: StoredEvent[]): StoredEvent[] {
    const map = this.options.toIntegration;
    if (!map) return events;
    const messages: StoredEvent[] = [];
    for (const event of events) {
      const published = map(event);
      if (published) messages.push(toMessage(event, published));
    }
    return messages;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.handed.clear();
    this.unsubscribe?.();
    this.wakeUp?.(false);
    await this.running;
    await this.saveUnsaved();
  }
}
