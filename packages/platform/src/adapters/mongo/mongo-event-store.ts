import { randomUUID } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import {
  ConcurrencyError,
  DuplicateEventError,
  type AppendResult,
  type EventMeta,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
} from '../../ports';
import type { Logger } from '../../logging';
import { isDuplicateKey, isReplicaSet, Mutex, pingMongo } from './connection';

/**
 * One document per append (a "commit"): a single-document insert is atomic, so an append is all or nothing
 * without multi-document transactions. `version`/`position` are the first of the commit, `lastVersion`/
 * `lastPosition` the last. Commits of a stream are contiguous, so the unique index on (streamId, version) is
 * what makes a stale writer fail. Positions come from a counter document ($inc), reserved before the insert.
 */
interface CommitEvent {
  id: string;
  type: string;
  version: number;
  position: number;
  occurredAt: string;
  data: unknown;
  meta: EventMeta;
}
interface CommitDoc {
  _id: string;
  streamId: string;
  version: number;
  lastVersion: number;
  position: number;
  lastPosition: number;
  committedAt: Date;
  events: CommitEvent[];
}
interface CounterDoc {
  _id: string;
  value: number;
}

/** Positions reserved by an append that then failed are filled with an empty commit of this pseudo-stream. */
const GAP_STREAM = '$gap';

const commitSchema = new Schema(
  {
    _id: String,
    streamId: { type: String, required: true },
    version: { type: Number, required: true },
    lastVersion: { type: Number, required: true },
    position: { type: Number, required: true },
    lastPosition: { type: Number, required: true },
    committedAt: { type: Date, required: true },
    events: { type: [Schema.Types.Mixed], default: [] },
  },
  { versionKey: false, collection: 'events', minimize: false },
);
commitSchema.index({ streamId: 1, version: 1 }, { unique: true, name: 'stream_version' });
commitSchema.index({ position: 1 }, { unique: true, name: 'position' });
commitSchema.index({ lastPosition: 1 }, { name: 'last_position' });
commitSchema.index({ 'events.id': 1 }, { unique: true, name: 'event_id' });

const counterSchema = new Schema<CounterDoc>(
  { _id: String, value: Number },
  { versionKey: false, collection: 'counters' },
);

export interface MongoEventStoreOptions {
  logger?: Logger;
  /** How long readAll waits for a reserved position to be written before it skips it as abandoned. */
  gapTimeoutMs?: number;
  clock?: () => Date;
}

export class MongoEventStore implements EventStore {
  private readonly commits: Model<CommitDoc>;
  private readonly counters: Model<CounterDoc>;
  private readonly counterLock = new Mutex();
  private init?: Promise<{ w: 'majority' | 1 }>;

  constructor(
    private readonly conn: Connection,
    private readonly options: MongoEventStoreOptions = {},
  ) {
    this.commits =
      (conn.models.EventCommit as Model<CommitDoc>) ?? conn.model<CommitDoc>('EventCommit', commitSchema);
    this.counters =
      (conn.models.EventCounter as Model<CounterDoc>) ??
      conn.model<CounterDoc>('EventCounter', counterSchema);
  }

  /** Creates the collections and indexes once, and picks the write concern. */
  private setup() {
    this.init ??= (async () => {
      await this.commits.createCollection().catch(() => undefined);
      await this.commits.createIndexes();
      return { w: (await isReplicaSet(this.conn)) ? ('majority' as const) : (1 as const) };
    })();
    this.init.catch(() => (this.init = undefined));
    return this.init;
  }

  private async reserve(count: number): Promise<number> {
    const { w } = await this.setup();
    // Atomic on MongoDB; FerretDB v1 loses concurrent $inc updates, so callers in one process go one at a time.
    // Two processes (replicas) upserting the very first counter at once: one inserts, the other's insert fails on
    // the _id; the document exists then, so its retry increments it.
    const increment = () =>
      this.counters
        .findOneAndUpdate(
          { _id: 'position' },
          { $inc: { value: count } },
          { upsert: true, returnDocument: 'after', writeConcern: { w } },
        )
        .lean();
    return this.counterLock.run(async () => {
      const doc = await increment().catch((err: unknown) => {
        if (isDuplicateKey(err)) return increment();
        throw err;
      });
      return doc!.value - count + 1;
    });
  }

  private async currentVersion(streamId: string): Promise<number> {
    const last = await this.commits.findOne({ streamId }, { lastVersion: 1 }).sort({ version: -1 }).lean();
    return last?.lastVersion ?? 0;
  }

  async append(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (streamId === GAP_STREAM) throw new Error(`${GAP_STREAM} is reserved`);
    const { w } = await this.setup();
    const ids = events.map((e) => e.id ?? randomUUID());
    if (new Set(ids).size !== ids.length)
      throw new DuplicateEventError(ids.find((id, i) => ids.indexOf(id) !== i)!);
    // The unique index on events.id catches duplicates on MongoDB; servers that do not enforce unique indexes on
    // array fields (FerretDB) rely on this check.
    const dup = await this.commits.findOne({ 'events.id': { $in: ids } }, { events: 1 }).lean();
    if (dup) throw new DuplicateEventError(dup.events.find((e) => ids.includes(e.id))?.id ?? ids[0]!);

    for (let attempt = 0; ; attempt++) {
      const actual = await this.currentVersion(streamId);
      if (
        (expectedVersion === 'no_stream' && actual !== 0) ||
        (typeof expectedVersion === 'number' && expectedVersion !== actual)
      ) {
        throw new ConcurrencyError(streamId, expectedVersion, actual);
      }
      const first = await this.reserve(events.length);
      const occurredAt = (this.options.clock?.() ?? new Date()).toISOString();
      const stored: CommitEvent[] = events.map((e, i) => ({
        id: ids[i]!,
        type: e.type,
        version: actual + i + 1,
        position: first + i,
        occurredAt,
        data: e.data ?? null,
        meta: e.meta ?? {},
      }));
      const commit: CommitDoc = {
        _id: `${streamId}@${actual + 1}`,
        streamId,
        version: actual + 1,
        lastVersion: actual + events.length,
        position: first,
        lastPosition: first + events.length - 1,
        committedAt: new Date(),
        events: stored,
      };
      try {
        await this.commits.collection.insertOne(commit as never, { writeConcern: { w } });
        return {
          nextExpectedVersion: commit.lastVersion,
          events: stored.map((e) => ({ ...e, streamId })),
        };
      } catch (err) {
        if (!isDuplicateKey(err)) {
          await this.fillGap(first, events.length);
          throw err;
        }
        // Not every server names the index in the error (FerretDB does not), so look at what is there now.
        const conflict = await this.whichConflict(streamId, actual, first, ids);
        if (conflict === 'position' && attempt < 20) continue; // another process (replica) got the same positions: reserve again
        await this.fillGap(first, events.length);
        if (conflict === 'version')
          throw new ConcurrencyError(streamId, expectedVersion, await this.currentVersion(streamId));
        if (conflict === 'event_id') throw new DuplicateEventError(ids[0]!);
        throw err;
      }
    }
  }

  private async whichConflict(streamId: string, actual: number, first: number, ids: string[]) {
    if ((await this.currentVersion(streamId)) !== actual) return 'version';
    if (await this.commits.exists({ position: first })) return 'position';
    if (await this.commits.exists({ 'events.id': { $in: ids } })) return 'event_id';
    return 'unknown';
  }

  /** Marks reserved positions as used by nothing, so readers need not wait for them. */
  private async fillGap(first: number, count: number) {
    const filler: CommitDoc = {
      _id: `${GAP_STREAM}@${first}`,
      streamId: GAP_STREAM,
      version: first,
      lastVersion: first + count - 1,
      position: first,
      lastPosition: first + count - 1,
      committedAt: new Date(),
      events: [],
    };
    await this.commits.collection.insertOne(filler as never).catch((err) => {
      this.options.logger?.warn({ err, first, count }, 'event store: could not mark abandoned positions');
    });
  }

  async read(streamId: string): Promise<StoredEvent[]> {
    const commits = await this.commits.find({ streamId }).sort({ version: 1 }).lean();
    return commits.flatMap((c) => c.events.map((e) => toStored(c.streamId, e)));
  }

  /**
   * Events after fromPosition in position order. Positions are reserved before their commit is written, so a
   * lower position can appear after a higher one: readAll stops at a hole until it is filled, or until the
   * commit after it is older than gapTimeoutMs (its writer died between reserving and writing).
   */
  async readAll(fromPosition: number, limit = 1000): Promise<StoredEvent[]> {
    await this.setup();
    const gapTimeoutMs = this.options.gapTimeoutMs ?? 5000;
    const out: StoredEvent[] = [];
    let next = fromPosition + 1;
    let cursorPosition = fromPosition;
    const pageSize = Math.min(limit, 500) + 1;
    for (;;) {
      const page = await this.commits
        .find({ lastPosition: { $gt: cursorPosition } })
        .sort({ position: 1 })
        .limit(pageSize)
        .lean();
      if (page.length === 0) return out;
      for (const c of page) {
        if (c.position > next) {
          const age = Date.now() - new Date(c.committedAt).getTime();
          if (age < gapTimeoutMs) return out;
          this.options.logger?.warn(
            { from: next, to: c.position - 1 },
            'event store: skipping positions never written',
          );
        }
        for (const e of c.events) {
          if (e.position <= fromPosition) continue;
          out.push(toStored(c.streamId, e));
          if (out.length >= limit) return out;
        }
        next = c.lastPosition + 1;
        cursorPosition = c.lastPosition;
      }
      // A short page was everything there is: no second query to learn that (a round trip on every relay and
      // projection pass, and a collection scan on servers without index pushdown such as FerretDB).
      if (page.length < pageSize) return out;
    }
  }

  /**
   * Events before beforePosition, newest first. Commits come by their first position, descending; a commit that
   * straddles beforePosition gives only its events below it. Holes need no waiting here: a reader of the past
   * does not promise to see an append still in flight.
   */
  async readAllBackward(beforePosition = Number.MAX_SAFE_INTEGER, limit = 1000): Promise<StoredEvent[]> {
    await this.setup();
    const out: StoredEvent[] = [];
    let below = beforePosition;
    const pageSize = Math.min(limit, 500);
    for (;;) {
      const page = await this.commits
        .find({ position: { $lt: below }, streamId: { $ne: GAP_STREAM } })
        .sort({ position: -1 })
        .limit(pageSize)
        .lean();
      for (const c of page) {
        for (const e of [...c.events].reverse()) {
          if (e.position >= beforePosition) continue;
          out.push(toStored(c.streamId, e));
          if (out.length >= limit) return out;
        }
        below = c.position;
      }
      if (page.length < pageSize) return out;
    }
  }

  async lastPosition(): Promise<number> {
    await this.setup();
    const last = await this.commits
      .findOne({ streamId: { $ne: GAP_STREAM } }, { lastPosition: 1 })
      .sort({ position: -1 })
      .lean();
    return last?.lastPosition ?? 0;
  }

  async ready(): Promise<boolean> {
    return pingMongo(this.conn);
  }

  async close(): Promise<void> {
    // The connection is shared by the service's Mongo adapters and closed by its owner.
  }
}

function toStored(streamId: string, e: CommitEvent): StoredEvent {
  return {
    id: e.id,
    type: e.type,
    streamId,
    version: e.version,
    position: e.position,
    occurredAt: e.occurredAt,
    data: e.data,
    meta: e.meta ?? {},
  };
}
