// The outbox relay publishes right after an append in its process (a notification), and its poll still publishes
// what no notification announced (another process's append, or a lost signal).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSqlite, type SqliteDb } from '../../src/embedded/sqlite';
import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { OutboxRelay } from '../../src/es/relay';
import { SignallingEventStore } from '../../src/es/append-signal';
import type { EventBus, StoredEvent } from '../../src/ports';

/** A bus that needs the relay and records what it was given, with the time each event arrived. */
class RecordingBus implements EventBus {
  readonly needsRelay = true;
  readonly published: { event: StoredEvent; at: number }[] = [];
  requests = 0;
  failNext = 0;
  async publish(_topic: string, events: StoredEvent[]) {
    this.requests++;
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('broker unavailable');
    }
    for (const event of events) this.published.push({ event, at: performance.now() });
  }
  async subscribe(): Promise<never> {
    throw new Error('not used');
  }
  async ready() {
    return true;
  }
  async close() {}
}

const until = async (cond: () => boolean, ms: number) => {
  const end = performance.now() + ms;
  while (!cond()) {
    if (performance.now() > end) return false;
    await new Promise((r) => setImmediate(r));
  }
  return true;
};

describe('OutboxRelay notifications', () => {
  let dir: string;
  let db: SqliteDb;
  let store: SignallingEventStore;
  let bus: RecordingBus;
  let relay: OutboxRelay | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), '12yards-relay-'));
    db = openSqlite(join(dir, 'service.sqlite'));
    store = new SignallingEventStore(new SqliteEventStore(db));
    bus = new RecordingBus();
  });
  afterEach(async () => {
    await relay?.stop();
    relay = undefined;
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const startRelay = (options: ConstructorParameters<typeof OutboxRelay>[5]) => {
    relay = new OutboxRelay(store, bus, new SqliteReadModels(db), 'topic', undefined, options);
    relay.start();
    return relay;
  };

  it('When an event is appended, then the relay publishes it at once, long before its poll would', async () => {
    startRelay({ pollMs: 10_000, onAppend: (l) => store.onAppend(l) });
    await until(() => false, 20); // the first (empty) flush is over; the relay now waits for its 10 s poll
    const t0 = performance.now();
    const { events } = await store.append('s-1', 'no_stream', [{ type: 'Happened', data: { n: 1 } }]);
    expect(await until(() => bus.published.length === 1, 1_000)).toBe(true);
    expect(bus.published[0]!.event.id).toBe(events[0]!.id);
    expect(bus.published[0]!.at - t0).toBeLessThan(200);
  });

  it('When appends arrive while a publish is under way, then each is published once and in position order', async () => {
    startRelay({ pollMs: 10_000, onAppend: (l) => store.onAppend(l) });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        store.append(`s-${i}`, 'no_stream', [{ type: 'Happened', data: { i } }]),
      ),
    );
    expect(await until(() => bus.published.length >= 30, 2_000)).toBe(true);
    await until(() => false, 50);
    const positions = bus.published.map((p) => p.event.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(30);
    expect(positions).toHaveLength(30);
  });

  it('When appends keep coming, then the relay publishes them together, at most every 10 ms, in position order', async () => {
    startRelay({ pollMs: 10_000, onAppend: (l) => store.onAppend(l) });
    await until(() => false, 20); // the first (empty) flush is over
    const started = performance.now();
    for (let i = 0; i < 40; i++) {
      await store.append(`s-${i}`, 'no_stream', [{ type: 'Happened', data: { i } }]);
      await new Promise((r) => setTimeout(r, 1));
    }
    const elapsed = performance.now() - started;
    expect(await until(() => bus.published.length === 40, 1_000)).toBe(true);
    expect(bus.published.map((p) => (p.event.data as { i: number }).i)).toEqual([...Array(40).keys()]);
    // One request per append would be 40.
    expect(bus.requests).toBeLessThanOrEqual(Math.ceil(elapsed / 10) + 2);
    expect(bus.requests).toBeLessThan(40);
  });

  it('When a notification is lost, then the poll still publishes the event', async () => {
    // No onAppend: as if every signal were lost (or the append happened in another process).
    startRelay({ pollMs: 400 });
    await until(() => false, 20); // the first (empty) flush is over
    await store.append('s-1', 'no_stream', [{ type: 'Happened', data: {} }]);
    expect(await until(() => bus.published.length === 1, 150)).toBe(false);
    expect(await until(() => bus.published.length === 1, 2_000)).toBe(true);
  });

  it('When publishing fails, then the relay retries after its retry wait and loses nothing', async () => {
    bus.failNext = 1;
    startRelay({ pollMs: 10_000, retryMs: 150, onAppend: (l) => store.onAppend(l) });
    await until(() => false, 20);
    bus.failNext = 1;
    await store.append('s-1', 'no_stream', [{ type: 'Happened', data: {} }]);
    // A notification during the retry wait does not turn it into a busy loop against a broker that is down.
    await store.append('s-2', 'no_stream', [{ type: 'Happened', data: {} }]);
    expect(await until(() => bus.published.length === 2, 2_000)).toBe(true);
    expect(bus.published.map((p) => p.event.streamId)).toEqual(['s-1', 's-2']);
  });

  it('When events appended in its process are handed over, then the relay publishes them without reading them back; one written by another process is read', async () => {
    const inner = new SqliteEventStore(db);
    const reads: number[] = [];
    const readAll = inner.readAll.bind(inner);
    inner.readAll = (from, limit) => {
      reads.push(from);
      return readAll(from, limit);
    };
    store = new SignallingEventStore(inner);
    startRelay({ pollMs: 10_000, onAppend: (l) => store.onAppend(l) });
    await until(() => false, 20); // the first flush read the (empty) store
    reads.length = 0;
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        store.append(`s-${i}`, 'no_stream', [{ type: 'Happened', data: { i } }]),
      ),
    );
    expect(await until(() => bus.published.length === 5, 1_000)).toBe(true);
    expect(reads).toEqual([]);

    // Another process's append (straight to the store, not handed over), then one of this process after it.
    await inner.append('elsewhere', 'no_stream', [{ type: 'Happened', data: {} }]);
    await store.append('s-after', 'no_stream', [{ type: 'Happened', data: {} }]);
    expect(await until(() => bus.published.length === 7, 1_000)).toBe(true);
    expect(bus.published.map((p) => p.event.streamId).slice(5)).toEqual(['elsewhere', 's-after']);
    expect(reads[0]).toBe(5); // the gap at 6 was read from the store
  });

  it('When appends of its process finish out of order, then the relay waits for the one still on its way instead of reading the store, and publishes all in position order', async () => {
    const inner = new SqliteEventStore(db);
    let reads = 0;
    const readAll = inner.readAll.bind(inner);
    inner.readAll = (from, limit) => {
      reads++;
      return readAll(from, limit);
    };
    // Positions are reserved here before the append writes them (as the Mongo store reserves them); the append of
    // "first" is held after its write, so it is handed over only once released.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const reserving = Object.assign(Object.create(inner) as SqliteEventStore, {
      reservedHere: (position: number) => position <= 2,
      append: async (...args: Parameters<SqliteEventStore['append']>) => {
        const result = await inner.append(...args);
        if (args[0] === 'first') await held;
        return result;
      },
    });
    store = new SignallingEventStore(reserving);
    startRelay({ pollMs: 10_000, onAppend: (l) => store.onAppend(l) });
    await until(() => false, 20); // the first flush read the (empty) store
    reads = 0;
    const first = store.append('first', 'no_stream', [{ type: 'Happened', data: {} }]);
    await until(() => false, 5);
    await store.append('second', 'no_stream', [{ type: 'Happened', data: {} }]);
    await until(() => false, 20);
    expect(bus.published).toEqual([]);
    expect(reads).toBe(0);
    release();
    await first;
    expect(await until(() => bus.published.length === 2, 1_000)).toBe(true);
    expect(bus.published.map((p) => p.event.streamId)).toEqual(['first', 'second']);
    expect(reads).toBe(0);
  });

  it('When the relay keeps publishing, then it stores its checkpoint at most every 100 ms, and at once when the appends pause', async () => {
    const models = new SqliteReadModels(db);
    const checkpoints = models.collection<{ id: string; position: number }>('checkpoints', {
      compareAndSet: true,
    });
    const saved: number[] = [];
    const putIf = checkpoints.putIf.bind(checkpoints);
    checkpoints.putIf = (doc, expected) => {
      saved.push(doc.position);
      return putIf(doc, expected);
    };
    const counted = { ...models, collection: () => checkpoints } as unknown as SqliteReadModels;
    relay = new OutboxRelay(store, bus, counted, 'topic', undefined, {
      pollMs: 10_000,
      onAppend: (l) => store.onAppend(l),
    });
    relay.start();
    await until(() => false, 20);
    const started = performance.now();
    for (let i = 0; i < 30; i++) {
      await store.append(`s-${i}`, 'no_stream', [{ type: 'Happened', data: { i } }]);
      await until(() => bus.published.length === i + 1, 1_000);
    }
    const elapsed = performance.now() - started;
    expect(bus.published.map((p) => (p.event.data as { i: number }).i)).toEqual([...Array(30).keys()]);
    // Thirty batches published one by one: the checkpoint was stored far fewer times, about once per 100 ms.
    expect(saved.length).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 2);
    expect(saved.length).toBeLessThan(30);
    // A lull: the last position is stored soon after.
    expect(await until(() => saved.at(-1) === 30, 1_000)).toBe(true);
    expect((await checkpoints.get('relay'))?.position).toBe(30);
  });

  it('When the relay is stopped while its checkpoint lags, then the checkpoint is stored at stop', async () => {
    const models = new SqliteReadModels(db);
    startRelay({ pollMs: 10_000, onAppend: (l) => store.onAppend(l) });
    await until(() => false, 20);
    await store.append('first', 'no_stream', [{ type: 'Happened', data: {} }]);
    await until(() => bus.published.length === 1, 1_000);
    await store.append('second', 'no_stream', [{ type: 'Happened', data: {} }]);
    await until(() => bus.published.length === 2, 1_000);
    await relay!.stop();
    const stored = await models
      .collection<{ id: string; position: number }>('checkpoints', { compareAndSet: true })
      .get('relay');
    expect(stored?.position).toBe(2);
  });

  it('When the relay is stopped, then it stops listening: a later append is not published', async () => {
    startRelay({ pollMs: 10_000, onAppend: (l) => store.onAppend(l) });
    await relay!.stop();
    await store.append('s-1', 'no_stream', [{ type: 'Happened', data: {} }]);
    expect(await until(() => bus.published.length > 0, 100)).toBe(false);
  });
});
