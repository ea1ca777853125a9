import type { StoredEvent } from '../../ports';

/** What this process knows of one stream: its events up to `version` (commits never change once written). */
export interface CachedStream {
  version: number;
  events: StoredEvent[];
}

/**
 * The streams this process read or wrote last, least recently used first out. Commits are immutable, so a cached
 * prefix of a stream stays true; a reader only asks the store whether a commit follows it (one lookup by key),
 * and a writer's append with a stale version still fails on the store's unique key, never on this cache.
 */
export class StreamCache {
  private readonly streams = new Map<string, CachedStream>();
  private events = 0;

  constructor(private readonly maxEvents = 50_000) {}

  get(streamId: string): CachedStream | undefined {
    const hit = this.streams.get(streamId);
    if (hit) {
      this.streams.delete(streamId);
      this.streams.set(streamId, hit);
    }
    return hit;
  }

  set(streamId: string, stream: CachedStream): void {
    this.delete(streamId);
    this.streams.set(streamId, stream);
    this.events += stream.events.length;
    for (const [id, oldest] of this.streams) {
      if (this.events <= this.maxEvents || id === streamId) break;
      this.streams.delete(id);
      this.events -= oldest.events.length;
    }
  }

  /** Adds an append to a cached stream when the cache was at the version the append started from. */
  extend(streamId: string, from: number, appended: StoredEvent[]): void {
    const hit = this.streams.get(streamId);
    if (from === 0 && !hit) {
      this.set(streamId, { version: appended.length, events: appended });
      return;
    }
    if (!hit || hit.version !== from) {
      this.delete(streamId);
      return;
    }
    this.set(streamId, { version: from + appended.length, events: [...hit.events, ...appended] });
  }

  delete(streamId: string): void {
    const hit = this.streams.get(streamId);
    if (!hit) return;
    this.streams.delete(streamId);
    this.events -= hit.events.length;
  }
}
