import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Connection, mongo } from 'mongoose';
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
import type { Logger } from '../../observability/logging';
import { isDuplicateKey, isReplicaSet, pingMongo } from './connection';
import { Batcher, findEach, insertEach, writeLaneOf } from './batcher';
import { StreamCache } from './stream-cache';

/**
 * One document per append (a "commit"): a single-document insert is atomic, so an append is all or nothing
 * without multi-document transactions. Its key is `<stream>@<first version>`: every version a writer can have
 * read is the end of a commit, so the next commit after it can only have that key, and of two writers from the
 * same version exactly one inserts it. `position`/`lastPosition` are the commit's first and last global position.
 *
 * Every hot path is a lookup by key, which every MongoDB-wire server answers from its primary key (FerretDB's SQLite
 * backend answers nothing else without reading the whole collection):
 * - a stream is read commit by commit (`s@1`, then `s@<next>`); this process caches what it read, so a warm read
 *   is one lookup (is there a commit after the cached one?);
 * - positions come from a counter document (`$inc`); once its commit is written, each position gets an entry in
 *   `event_positions` (key = the position) holding a copy of the commit, so readers walk forward by key, the
 *   entries of the next run of positions in one lookup (`_id: {$in: [...]}`). A reserved position without its entry
 *   is a writer on its way, or one that died: readers wait for it up to gapTimeoutMs, then look for its commit by
 *   query (the writer may have died between the two inserts) or skip it; an append that failed marks its positions
 *   `gap` at once.
 * Long reads (a rebuild, a relay that was down) use one sorted query with a cursor kept open for the next page,
 * so a big backlog costs one pass, not one per page.
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
/**
 * The entry of one position: a copy of the commit that took it (at the commit's first position; later positions of
 * the same commit name that one in `first`), or a `gap` when the append that reserved it failed.
 */
interface PositionDoc {
  _id: string;
  commit?: Omit<CommitDoc, '_id' | 'version' | 'lastVersion' | 'committedAt'>;
  first?: number;
  gap?: boolean;
}
/** An append checked against what this process knows of its stream, on its way to the store. */
interface Placement {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
  ids: string[];
  /** The stream's version to append after. */
  actual: number;
  w: 'majority' | 1;
  attempt: number;
}
type NativeCollection<T extends mongo.Document> = mongo.Collection<T>;
interface BulkRead {
  next: number;
  cursor: mongo.FindCursor<CommitDoc>;
  buffered?: CommitDoc;
  idle?: NodeJS.Timeout;
}

const INDEXES = [
  { key: { streamId: 1, version: 1 }, options: { unique: true, name: 'stream_version' } },
  { key: { position: 1 }, options: { unique: true, name: 'position' } },
  { key: { lastPosition: 1 }, options: { name: 'last_position' } },
  // Enforced by MongoDB across streams; FerretDB does not enforce unique array keys, so append also checks the
  // stream it writes to (where a redelivered reaction's derived ids would go).
  { key: { 'events.id': 1 }, options: { unique: true, name: 'event_id' } },
] as const;

/** Positions this process remembers having reserved (see reservedHere): far more than appends on their way. */
const RESERVED_KEPT = 10_000;
/** A backlog longer than this is read with one sorted query instead of position by position. */
const WALK_LIMIT = 64;
/** A sorted cursor left open for the next page of a long read is dropped after this long unused. */
const CURSOR_IDLE_MS = 10_000;

const commitId = (streamId: string, version: number) => `${streamId}@${version}`;
const positionId = (position: number) => String(position);

export interface MongoEventStoreOptions {
  logger?: Logger;
  /** How long readAll waits for a reserved position to be written before it skips it as abandoned. */
  gapTimeoutMs?: number;
  clock?: () => Date;
  /** Events of recently used streams kept in memory (0: none). */
  cachedEvents?: number;
}

export class MongoEventStore implements EventStore {
  private readonly commits: NativeCollection<CommitDoc>;
  private readonly counters: NativeCollection<CounterDoc>;
  private readonly positions: NativeCollection<PositionDoc>;
  /**
   * Concurrent appends of this process share their commands (group commit): one counter increment reserves the
   * positions of every append waiting for some, one insert writes their commits, one their position entries.
   * Increments go one at a time: FerretDB v1 loses concurrent $inc updates.
   */
  private readonly reservations = new Batcher<number, number>((counts) => this.reserveMany(counts), {
    concurrency: 1,
  });
  private readonly commitInserts = new Batcher<CommitDoc, true>(async (docs) =>
    insertEach(this.commits, docs, { writeConcern: { w: (await this.setup()).w } }),
  );
  /** The position entries of one-event commits (the common case); longer commits insert theirs in order, alone. */
  private readonly claimInserts = new Batcher<PositionDoc, true>(async (docs) =>
    insertEach(this.positions, docs, { writeConcern: { w: (await this.setup()).w } }),
  );
  /**
   * The appends of this process go in cycles, one at a time: each cycle reserves, commits and indexes every append
   * that came while the one before was on its way. With each stage batching on its own, a write under load met the
   * stage after idle and went alone (batches of 1.6 at 10 concurrent writers); one cycle on its way at a time lets
   * the next gather every append that waits, so its three commands carry them all.
   */
  private readonly appendCycles: Batcher<Placement, AppendResult | undefined>;
  private readonly streams: StreamCache;
  private init?: Promise<{ w: 'majority' | 1 }>;
  /** When this process first found a reserved position without its entry (to tell a dead writer). */
  private readonly holesSeen = new Map<number, number>();
  /** When this process first found a position missing at the end of what is written (see reservedTail). */
  private readonly tailSeen = new Map<number, number>();
  /** The positions this process reserved lately, oldest first (see reservedHere). */
  private readonly reservedByThis = new Set<number>();
  /**
   * Position entries read lately, kept for a moment: this process's readers (each projection, the relay) catch up
   * over the same commits of other processes at about the same time. An entry never changes once written, bar
   * rewriteData's sealing of plaintext, which drops its own.
   */
  private readonly recentEntries = new LRUCache<number, PositionDoc>({ max: 4096, ttl: 2000 });
  /** Sorted cursors of long reads, by the position each goes on from (the relay's and the projector's). */
  private readonly bulkReads = new Map<number, BulkRead>();

  constructor(
    private readonly conn: Connection,
    private readonly options: MongoEventStoreOptions = {},
  ) {
    // Subject keys' inserts take the same lane: a write's new key and its append each gather the waiting writes.
    this.appendCycles = new Batcher(
      (placements) =>
        Promise.all(
          placements.map((p) =>
            this.place(p).then(
              (value) => ({ value }),
              (error: unknown) => ({ error }),
            ),
          ),
        ),
      { lane: writeLaneOf(conn) },
    );
    const db = conn.db!; // connectMongo resolves once connected
    this.commits = db.collection<CommitDoc>('events');
    this.counters = db.collection<CounterDoc>('counters');
    this.positions = db.collection<PositionDoc>('event_positions');
    this.streams = new StreamCache(options.cachedEvents ?? 50_000);
  }

  /** Creates the indexes once (the long reads and MongoDB's own checks use them), and picks the write concern. */
  private setup() {
    this.init ??= (async () => {
      // One index a command: FerretDB fails a createIndexes of several indexes that already exist.
      for (const index of INDEXES) await this.commits.createIndex(index.key, index.options);
      return { w: (await isReplicaSet(this.conn)) ? ('majority' as const) : (1 as const) };
    })();
    this.init.catch(() => (this.init = undefined));
    return this.init;
  }

  private now() {
    return this.options.clock?.() ?? new Date();
  }

  /** Reserves `count` positions; returns the first. */
  private reserve(count: number): Promise<number> {
    return this.reservations.call(count);
  }

  /**
   * One increment for the reservations waiting together, each given its run of positions in turn. A position
   * handed out twice (by two processes, FerretDB's lost $inc) is caught by the commits' unique index on position.
   */
  private async reserveMany(counts: number[]) {
    const { w } = await this.setup();
    const total = counts.reduce((a, b) => a + b, 0);
    const increment = () =>
      this.counters.findOneAndUpdate(
        { _id: 'position' },
        { $inc: { value: total } },
        { upsert: true, returnDocument: 'after', writeConcern: { w } },
      );
    const doc = await increment().catch((err: unknown) => {
      if (isDuplicateKey(err)) return increment(); // two processes creating the counter at once
      throw err;
    });
    let next = doc!.value - total + 1;
    return counts.map((count) => {
      const first = next;
      next += count;
      return { value: first };
    });
  }

  /** The stream's events, from the cache and the commits written after what it holds. */
  private async load(streamId: string): Promise<{ version: number; events: StoredEvent[] }> {
    const cached = this.streams.get(streamId);
    let version = cached?.version ?? 0;
    const fresh: StoredEvent[] = [];
    for (;;) {
      const commit = await this.commits.findOne({ _id: commitId(streamId, version + 1) });
      if (!commit) break;
      for (const e of commit.events) fresh.push(toStored(streamId, e));
      version = commit.lastVersion;
    }
    const events = fresh.length === 0 && cached ? cached.events : [...(cached?.events ?? []), ...fresh];
    if (fresh.length > 0 || !cached) this.streams.set(streamId, { version, events });
    return { version, events };
  }

  async append(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const { w } = await this.setup();
    const ids = events.map((e) => e.id ?? randomUUID());
    if (new Set(ids).size !== ids.length)
      throw new DuplicateEventError(ids.find((id, i) => ids.indexOf(id) !== i)!);

    for (let attempt = 0; ; attempt++) {
      // The version to append after: what the caller expects, checked against the stream when this process does
      // not already know it to be the stream's end (a stale one then fails on the commit key anyway).
      const cached = this.streams.get(streamId);
      const expected = expectedVersion === 'no_stream' ? 0 : expectedVersion;
      let actual: number;
      let known: StoredEvent[] | undefined;
      // A new stream this process has not seen is not looked up either: its first commit's key is taken if it exists.
      const known0 = cached?.version === expected || (expectedVersion === 'no_stream' && !cached);
      if (typeof expected === 'number' && known0) {
        // Events with ids of their own (a reaction's, derived from its message) are checked against the stream for
        // a redelivery: the cached stream at the expected version is the whole stream, or else the commit's key is
        // taken and the append goes the way of a conflict (reload, then the duplicate is found).
        actual = expected;
        known = cached?.events ?? [];
      } else {
        const stream = await this.load(streamId);
        actual = stream.version;
        known = stream.events;
        if (typeof expected === 'number' && expected !== actual)
          throw new ConcurrencyError(streamId, expectedVersion, actual);
      }
      const provided = events.filter((e) => e.id).map((e) => e.id!);
      const already = provided.length > 0 ? known?.find((e) => provided.includes(e.id)) : undefined;
      if (already) throw new DuplicateEventError(already.id);

      const done = await this.appendCycles.call({
        streamId,
        expectedVersion,
        events,
        ids,
        actual,
        w,
        attempt,
      });
      if (done) return done;
    }
  }

  /** Reserves the append's positions and writes it there (see write); one append of an append cycle. */
  private async place(p: Placement): Promise<AppendResult | undefined> {
    const first = await this.reserve(p.events.length);
    this.hold(first, p.events.length);
    return this.write(p.streamId, p.expectedVersion, p.events, p.ids, p.actual, first, p.w, p.attempt);
  }

  reservedHere(position: number): boolean {
    return this.reservedByThis.has(position);
  }

  /** Notes positions this process reserved and will write (the oldest forgotten past RESERVED_KEPT). */
  private hold(first: number, count: number) {
    for (let position = first; position < first + count; position++) this.reservedByThis.add(position);
    if (this.reservedByThis.size > RESERVED_KEPT)
      for (const position of this.reservedByThis) {
        this.reservedByThis.delete(position);
        if (this.reservedByThis.size <= RESERVED_KEPT / 2) break;
      }
  }

  /**
   * Forgets positions this process reserved and will not write: given up as gaps, or written by another writer that
   * was handed them too. A relay or projector told they are this process's would wait for a hand-over that never
   * comes (under steady writes, until the writes stop).
   */
  private release(first: number, count: number) {
    for (let position = first; position < first + count; position++) this.reservedByThis.delete(position);
  }

  /**
   * Writes the commit at the positions reserved, then its position entries. Undefined when the append is to be tried
   * again (another writer got the stream's key first, with expectedVersion 'any'; positions handed out twice).
   */
  private async write(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    ids: string[],
    actual: number,
    first: number,
    w: 'majority' | 1,
    attempt: number,
  ): Promise<AppendResult | undefined> {
    const id = commitId(streamId, actual + 1);
    const occurredAt = this.now().toISOString();
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
      _id: id,
      streamId,
      version: actual + 1,
      lastVersion: actual + events.length,
      position: first,
      lastPosition: first + events.length - 1,
      committedAt: new Date(),
      events: stored,
    };
    try {
      await this.commitInserts.call(commit).catch(async (err: unknown) => {
        if (isDuplicateKey(err)) throw err;
        // Lost touch with the server: the commit may be written. Only a commit surely not there frees its
        // positions (else readers would skip a written one); one that is there is this append, done.
        const written = await this.commits.findOne({ _id: id }).catch(() => undefined);
        if (written?.position === first) return;
        if (written === null) await this.markGap(first, events.length);
        throw err;
      });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      this.streams.delete(streamId);
      const current = await this.load(streamId);
      if (current.version !== actual) {
        await this.markGap(first, events.length);
        if (expectedVersion === 'any' && attempt < 20) return undefined;
        throw new ConcurrencyError(streamId, expectedVersion, current.version);
      }
      // Not the stream's key: positions another process was handed too (FerretDB's lost $inc), or an event id
      // MongoDB already holds in another stream. MongoDB names the index; FerretDB does not, and there only ids the
      // caller gave can clash (the store's own are random), so the query by position (a scan of the commits on
      // FerretDB) is left for those.
      const index = duplicateIndexOf(err);
      const positionTaken =
        index !== undefined
          ? index === 'position'
          : !events.some((e) => e.id) ||
            (await this.commits.findOne({ position: first }, { projection: { _id: 1 } })) !== null;
      if (positionTaken && attempt < 20) {
        this.release(first, events.length);
        return undefined;
      }
      await this.markGap(first, events.length);
      throw new DuplicateEventError(ids[0]!);
    }
    const placed = await this.indexByPosition(commit, w);
    const appended = placed.events.map((e) => ({ ...e, streamId }));
    this.streams.extend(streamId, actual, appended);
    return { nextExpectedVersion: commit.lastVersion, events: appended };
  }

  /**
   * Writes the commit's entries by position: a copy for readers that walk positions (a writer that dies before them
   * leaves a hole that readers fill from the commit itself after gapTimeoutMs). The first entry is the claim on the
   * commit's positions: should another hold it (a reader that gave the positions up as never written while this
   * commit was on its way, or a writer handed the same positions, as FerretDB's lost $inc can do), the commit moves
   * to positions of its own, so no reader has passed it by. Returns the commit as placed.
   */
  private async indexByPosition(commit: CommitDoc, w: 'majority' | 1): Promise<CommitDoc> {
    let placed = commit;
    for (let moves = 0; ; moves++) {
      const { _id, version: _v, lastVersion: _l, committedAt: _c, ...copy } = placed;
      const first = placed.position;
      try {
        if (placed.events.length === 1)
          await this.claimInserts.call({ _id: positionId(first), commit: copy });
        else
          await this.positions.insertMany(
            placed.events.map((e, i) =>
              i === 0 ? { _id: positionId(first), commit: copy } : { _id: positionId(e.position), first },
            ),
            { writeConcern: { w } },
          );
        return placed;
      } catch (err) {
        const held = isDuplicateKey(err)
          ? await this.positions.findOne({ _id: positionId(first) }).catch(() => undefined)
          : undefined;
        const ours = held?.commit?.events[0]?.id === placed.events[0]!.id;
        if (!held || ours || moves >= 20) {
          this.options.logger?.warn(
            { err, position: first },
            'event store: could not index an append by position',
          );
          return placed;
        }
        const to = await this.reserve(placed.events.length);
        this.release(first, placed.events.length);
        this.hold(to, placed.events.length);
        const events = placed.events.map((e, i) => ({ ...e, position: to + i }));
        const moved = await this.commits.updateOne(
          { _id: placed._id, position: first },
          { $set: { position: to, lastPosition: to + events.length - 1, events } },
          { writeConcern: { w } },
        );
        if (moved.matchedCount === 0) return placed; // moved by nobody else: only its writer moves a commit
        this.options.logger?.warn(
          { from: first, to, reason: held.gap ? 'given up by a reader' : 'taken by another writer' },
          'event store: an append moved to new positions',
        );
        placed = { ...placed, position: to, lastPosition: to + events.length - 1, events };
      }
    }
  }

  /**
   * Claims a reserved position that has no entry as never written, so every reader may pass it: false when its
   * writer's entry (or another reader's claim) came first, and it must be read again instead.
   */
  private async claimGap(position: number): Promise<boolean> {
    try {
      await this.positions.insertOne({ _id: positionId(position), gap: true });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** Marks reserved positions as used by nothing, so readers need not wait for them. */
  private async markGap(first: number, count: number) {
    this.release(first, count);
    const gaps = Array.from({ length: count }, (_, i) => ({ _id: positionId(first + i), gap: true }));
    await this.positions.insertMany(gaps, { ordered: false }).catch((err: unknown) => {
      if (!isDuplicateKey(err))
        this.options.logger?.warn({ err, first, count }, 'event store: could not mark abandoned positions');
    });
  }

  async read(streamId: string): Promise<StoredEvent[]> {
    return [...(await this.load(streamId)).events];
  }

  /**
   * Replaces one stored event's data in place, in its commit and in the copy its position entry holds (sealing
   * personal data written in plain text before encryption, issue 26; nothing else rewrites an event). The commit is
   * found by key from the event's stream and version (`at`, as readAll gave it), else by the event's id. False when
   * no commit holds the event. This process's cache of the stream is dropped.
   */
  async rewriteData(
    eventId: string,
    data: unknown,
    at?: Pick<StoredEvent, 'streamId' | 'version'>,
  ): Promise<boolean> {
    const { w } = await this.setup();
    let commit: CommitDoc | null = null;
    if (at) {
      for (let version = 1; ;) {
        const next = await this.commits.findOne({ _id: commitId(at.streamId, version) });
        if (!next || next.lastVersion >= at.version) {
          commit = next;
          break;
        }
        version = next.lastVersion + 1;
      }
    }
    if (!commit?.events.some((e) => e.id === eventId))
      commit = await this.commits.findOne({ 'events.id': eventId });
    if (!commit) return false;
    // One element by its index, guarded by its id: two processes sealing events of one commit do not undo each other.
    const i = commit.events.findIndex((e) => e.id === eventId);
    const written = await this.commits.updateOne(
      { _id: commit._id, [`events.${i}.id`]: eventId },
      { $set: { [`events.${i}.data`]: data } },
      { writeConcern: { w } },
    );
    await this.positions.updateOne(
      { _id: positionId(commit.position), [`commit.events.${i}.id`]: eventId },
      { $set: { [`commit.events.${i}.data`]: data } },
      { writeConcern: { w } },
    );
    this.streams.delete(commit.streamId);
    this.recentEntries.delete(commit.position);
    return written.matchedCount > 0;
  }

  /**
   * Events after fromPosition in position order. Positions are reserved before their commit is written, so a
   * lower position can be written after a higher one: readAll stops at such a hole until it is filled, or until it
   * is older than gapTimeoutMs (its writer died between reserving and writing).
   *
   * A catch-up mostly finds a few new positions: the next WALK_LIMIT are looked up at once, without first asking the
   * counter where the end is (the first position missing with nothing written after it is the end, or a writer on
   * its way). Only a run that fills the whole window asks the counter how much more there is.
   */
  async readAll(
    fromPosition: number,
    limit = 1000,
    known?: ReadonlyMap<number, StoredEvent>,
  ): Promise<StoredEvent[]> {
    await this.setup();
    // The next page of a long read goes on with its sorted cursor.
    if (this.bulkReads.has(fromPosition + 1)) return this.readSorted(fromPosition, limit);
    const windowEnd = fromPosition + WALK_LIMIT;
    const first = await this.walk(fromPosition, windowEnd, limit, known, false);
    if (first.events.length >= limit || first.next <= windowEnd) return first.events;
    const from = first.next - 1;
    const end = (await this.counters.findOne({ _id: 'position' }))?.value ?? 0;
    if (end <= from) return first.events;
    const rest = limit - first.events.length;
    const more =
      end - from > WALK_LIMIT
        ? await this.readSorted(from, rest)
        : (await this.walk(from, end, rest, known, true)).events;
    return [...first.events, ...more];
  }

  /**
   * Position by position, from the entries of the next WALK_LIMIT positions read in one lookup by key (one command
   * for a whole run of other processes' commits). A `known` event is taken as given: with replicas, a process's
   * catch-up then reads only the other processes' commits, and an entry another of its readers read a moment ago is
   * not read again. Up to `end`, every position is reserved when `endReserved`; else a missing position with nothing
   * written after it ends the walk (see reservedTail). Returns the events and the position it stopped at.
   */
  private async walk(
    fromPosition: number,
    end: number,
    limit: number,
    known: ReadonlyMap<number, StoredEvent> | undefined,
    endReserved: boolean,
  ): Promise<{ events: StoredEvent[]; next: number }> {
    const gapTimeoutMs = this.options.gapTimeoutMs ?? 5000;
    const out: StoredEvent[] = [];
    let next = fromPosition + 1;
    let ahead = new Map<number, PositionDoc>();
    let aheadTo = fromPosition;
    const entryAt = async (p: number) => {
      if (p > aheadTo) {
        aheadTo = Math.min(end, p + WALK_LIMIT - 1);
        ahead = await this.entriesOf(p, aheadTo, known);
      }
      return ahead.get(p) ?? null;
    };
    const writtenAfter = (p: number) => {
      for (let q = p + 1; q <= aheadTo; q++) if (known?.has(q) || ahead.has(q)) return true;
      return false;
    };
    const stop = () => ({ events: out, next });
    while (next <= end && out.length < limit) {
      const mine = known?.get(next);
      if (mine) {
        out.push(mine);
        next++;
        continue;
      }
      let entry = await entryAt(next);
      if (entry && this.holesSeen.size > 0) this.holesSeen.delete(next);
      if (entry?.gap) {
        next++;
        continue;
      }
      if (entry?.first !== undefined)
        entry = ahead.get(entry.first) ?? (await this.positions.findOne({ _id: positionId(entry.first) }));
      const commit = entry?.commit;
      if (commit) {
        for (const e of commit.events) {
          if (e.position < next) continue;
          out.push(toStored(commit.streamId, e));
          if (out.length >= limit) return stop();
        }
        next = commit.lastPosition + 1;
        continue;
      }
      // The positions known to be reserved from here on: up to the next one written, or up to what the counter says.
      let reservedTo = aheadTo;
      if (!endReserved && !this.holesSeen.has(next) && !writtenAfter(next)) {
        // Not written, and nothing after it: the end of the store, unless it was reserved long ago.
        const counter = await this.reservedTail(next, gapTimeoutMs);
        if (counter === undefined) return stop();
        reservedTo = Math.min(aheadTo, counter);
      }
      // Reserved, without its entry: a writer on its way, or one that died.
      const seen = this.holesSeen.get(next);
      if (seen === undefined) {
        this.noteHoles(next, reservedTo, (p) => known?.has(p) === true || ahead.has(p));
        return stop();
      }
      if (Date.now() - seen < gapTimeoutMs) return stop();
      this.holesSeen.delete(next);
      const [covering] = await this.sortedFrom(next - 1, 1).toArray();
      if (covering && covering.position <= next) {
        for (const e of covering.events) if (e.position >= next) out.push(toStored(covering.streamId, e));
        next = covering.lastPosition + 1;
        continue;
      }
      if (!(await this.claimGap(next))) {
        // Its entry has just been written: read it.
        const written = await this.positions.findOne({ _id: positionId(next) });
        if (!written) return stop();
        ahead.set(next, written);
        continue;
      }
      this.options.logger?.warn({ position: next }, 'event store: skipping a position never written');
      next++;
    }
    return stop();
  }

  /**
   * For a position found missing at the tail (nothing written after it): once it has stayed missing for
   * gapTimeoutMs, the counter, when it says the position was reserved (undefined before, or when it was not). A
   * reserved one is then waited for as any hole, from now (it may have been reserved just now): a writer that died at
   * the tail is skipped after twice the timeout.
   */
  private async reservedTail(position: number, gapTimeoutMs: number): Promise<number | undefined> {
    const now = Date.now();
    const seen = this.tailSeen.get(position);
    if (seen === undefined) {
      if (this.tailSeen.size >= 1000) this.tailSeen.clear();
      this.tailSeen.set(position, now);
      return undefined;
    }
    if (now - seen < gapTimeoutMs) return undefined;
    this.tailSeen.delete(position);
    const end = (await this.counters.findOne({ _id: 'position' }))?.value ?? 0;
    return end >= position ? end : undefined;
  }

  /**
   * The entries of the positions `from`..`to` that are not `known`, by position, in one lookup (an entry this
   * process read a moment ago is taken as read); a position without one has none written yet.
   */
  private async entriesOf(
    from: number,
    to: number,
    known?: ReadonlyMap<number, StoredEvent>,
  ): Promise<Map<number, PositionDoc>> {
    const found = new Map<number, PositionDoc>();
    const asked: string[] = [];
    for (let p = from; p <= to; p++) {
      if (known?.has(p)) continue;
      const recent = this.recentEntries.get(p);
      if (recent) found.set(p, recent);
      else asked.push(positionId(p));
    }
    if (asked.length === 0) return found;
    for (const outcome of await findEach(this.positions, asked)) {
      if (!('value' in outcome) || !outcome.value) continue;
      found.set(Number(outcome.value._id), outcome.value);
      this.recentEntries.set(Number(outcome.value._id), outcome.value);
    }
    return found;
  }

  /** Notes when the run of reserved positions without entries from `from` (up to `to`) was first found. */
  private noteHoles(from: number, to: number, written: (position: number) => boolean) {
    const now = Date.now();
    for (let p = from; p <= to; p++) {
      if (p > from && written(p)) break;
      if (!this.holesSeen.has(p)) this.holesSeen.set(p, now);
    }
    if (this.holesSeen.size > 10_000) this.holesSeen.clear();
  }

  private sortedFrom(fromPosition: number, limit?: number) {
    const cursor = this.commits.find({ lastPosition: { $gt: fromPosition } }).sort({ position: 1 });
    return limit ? cursor.limit(limit) : cursor.batchSize(1000);
  }

  /**
   * One sorted query for a long read, its cursor kept for the next page (the caller asks again from where this
   * page ended). A hole is waited for as in walk, judged by the age of the commit after it.
   */
  private async readSorted(fromPosition: number, limit: number): Promise<StoredEvent[]> {
    const gapTimeoutMs = this.options.gapTimeoutMs ?? 5000;
    let bulk = this.bulkReads.get(fromPosition + 1);
    this.bulkReads.delete(fromPosition + 1);
    if (bulk) clearTimeout(bulk.idle);
    else bulk = { next: fromPosition + 1, cursor: this.sortedFrom(fromPosition) };
    const out: StoredEvent[] = [];
    for (;;) {
      const c = bulk.buffered ?? (await bulk.cursor.next());
      bulk.buffered = undefined;
      if (!c) break;
      if (c.lastPosition < bulk.next) continue;
      if (c.position > bulk.next && !(await this.abandoned(bulk.next, c, gapTimeoutMs))) break;
      for (const e of c.events) {
        if (e.position < bulk.next) continue;
        out.push(toStored(c.streamId, e));
      }
      bulk.next = c.lastPosition + 1;
      if (out.length >= limit) {
        const page = out.slice(0, limit);
        if (page.length < out.length) {
          bulk.next = page[page.length - 1]!.position + 1;
          bulk.buffered = c;
        }
        this.keepBulk(bulk);
        return page;
      }
    }
    await bulk.cursor.close().catch(() => undefined);
    return out;
  }

  /** Whether the positions from `from` up to the commit `after` were given up (marked, or left too long). */
  private async abandoned(from: number, after: CommitDoc, gapTimeoutMs: number): Promise<boolean> {
    const old = Date.now() - new Date(after.committedAt).getTime() >= gapTimeoutMs;
    for (let p = from; p < after.position && p < from + WALK_LIMIT; p++) {
      const entry = await this.positions.findOne({ _id: positionId(p) });
      if (entry?.gap) continue;
      // A written entry: its commit came after this page's query (read it next time). None: skipped only once
      // claimed, so a commit still on its way moves past it instead of being passed by.
      if (entry || !old || !(await this.claimGap(p))) return false;
    }
    if (old)
      this.options.logger?.warn(
        { from, to: after.position - 1 },
        'event store: skipping positions never written',
      );
    return old || after.position - from <= WALK_LIMIT;
  }

  private keepBulk(bulk: BulkRead) {
    bulk.idle = setTimeout(() => {
      if (this.bulkReads.get(bulk.next) === bulk) this.bulkReads.delete(bulk.next);
      void bulk.cursor.close().catch(() => undefined);
    }, CURSOR_IDLE_MS);
    bulk.idle.unref();
    const stale = this.bulkReads.get(bulk.next);
    if (stale) void stale.cursor.close().catch(() => undefined);
    this.bulkReads.set(bulk.next, bulk);
    for (const [next, other] of this.bulkReads) {
      if (this.bulkReads.size <= 4) break;
      this.bulkReads.delete(next);
      clearTimeout(other.idle);
      void other.cursor.close().catch(() => undefined);
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
        .find({ position: { $lt: below } })
        .sort({ position: -1 })
        .limit(pageSize)
        .toArray();
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

  /** The highest position written: back from the counter past positions reserved and not (yet) written. */
  async lastPosition(): Promise<number> {
    await this.setup();
    const end = (await this.counters.findOne({ _id: 'position' }))?.value ?? 0;
    for (let p = end; p > 0 && p > end - WALK_LIMIT; p--) {
      const entry = await this.positions.findOne({ _id: positionId(p) });
      if (!entry || entry.gap) continue;
      return entry.commit?.lastPosition ?? p; // a later position of a commit is its last written one here
    }
    if (end === 0) return 0;
    const [last] = await this.commits
      .find({}, { projection: { lastPosition: 1 } })
      .sort({ position: -1 })
      .limit(1)
      .toArray();
    return last?.lastPosition ?? 0;
  }

  async ready(): Promise<boolean> {
    return pingMongo(this.conn);
  }

  async close(): Promise<void> {
    for (const bulk of this.bulkReads.values()) {
      clearTimeout(bulk.idle);
      await bulk.cursor.close().catch(() => undefined);
    }
    this.bulkReads.clear();
    // The connection is shared by the service's Mongo adapters and closed by its owner.
  }
}

/** The unique index a duplicate key error names: MongoDB's message does (`index: position dup key`), FerretDB's not. */
function duplicateIndexOf(err: unknown): string | undefined {
  return /index: (\S+) dup key/.exec(err instanceof Error ? err.message : '')?.[1];
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
