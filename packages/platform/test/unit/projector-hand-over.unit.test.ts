import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { Projector } from '../../src/es/projector';
import type { StoredEvent } from '../../src/ports';
import { InMemoryHandOverNetwork } from '../../src/testing/projection-hand-over';
import { replicaProcess } from '../support/replica-process';
import { useTempSqlite } from './temp-sqlite';

type Row = { id: string; n: number };

describe('Projector with a hand-over: replicas hand their events to the process holding the lock', () => {
  const sqlite = useTempSqlite();
  let network: InMemoryHandOverNetwork;
  let store: SqliteEventStore;
  const started: Projector[] = [];
  const start = () => {
    const p = replicaProcess(store, new SqliteReadModels(sqlite()), network.process());
    started.push(p.projector);
    return p;
  };

  beforeEach(() => {
    network = new InMemoryHandOverNetwork();
    store = new SqliteEventStore(sqlite());
  });
  afterEach(async () => {
    for (const p of started.splice(0)) await p.close();
  });

  /** A holds the lock (its write came first); B found it held once, and hands its writes to A from then on. */
  async function holderAndFollower() {
    const a = start();
    const b = start();
    await a.write('a-0', 0);
    await b.write('b-0', 0); // finds the lock held: learns who holds it
    return { a, b };
  }

  it('When a replica writes while another holds the lock, then it neither reads nor moves the checkpoint, and its rows are right', async () => {
    const { a, b } = await holderAndFollower();
    const before = b.checkpointCommands();
    const sentBefore = network.sent.events;

    for (let i = 1; i <= 20; i++) await b.write(`b-${i}`, i);

    expect(b.checkpointCommands() - before).toBe(0);
    expect(network.sent.events - sentBefore).toBe(20);
    const stored = await a.models.collection<Row>('rows').find();
    expect(stored.filter((r) => r.id.startsWith('b-'))).toHaveLength(21);
    expect(stored.find((r) => r.id === 'b-20')?.n).toBe(20);
  });

  it("When a replica's writers finish their appends together, then their events go to the holder in one message, and each writer's row is right", async () => {
    const { a, b } = await holderAndFollower();
    const { events: eventsBefore, news: newsBefore } = network.sent;

    const events = await Promise.all([1, 2, 3, 4, 5].map((i) => b.write(`together-${i}`, i)));

    expect(network.sent.events - eventsBefore).toBe(1);
    expect(network.sent.news - newsBefore).toBe(1);
    const stored = await a.models.collection<Row>('rows').find();
    for (const e of events) {
      const n = (e.data as { n: number }).n;
      expect(stored.find((r) => r.id === `together-${n}`)?.n).toBe(n);
    }
  });

  it("When a replica's write was applied by the holder, then the writer reads its row from the holder's news, not from the store", async () => {
    const { b } = await holderAndFollower();
    const rowsOfB = b.models.collection<Row>('rows');
    const sentByB = jest.spyOn(rowsOfB, 'writeMany');

    const event = await b.write('b-7', 7);

    expect(sentByB).not.toHaveBeenCalled(); // applied by A
    expect(b.projector.sentRow(rowsOfB, 'b-7', event.position)).toEqual({ id: 'b-7', n: 7 });
  });

  it('When both processes write at once, then every event is applied once, in order, and the checkpoint ends past all of them', async () => {
    const { a, b } = await holderAndFollower();
    const writes: Promise<StoredEvent>[] = [];
    for (let i = 0; i < 30; i++) {
      writes.push(a.write(`s-${i % 5}`, i * 2));
      writes.push(b.write(`s-${i % 5}`, i * 2 + 1));
    }
    const events = await Promise.all(writes);
    await Promise.all([a.projector.catchUp(), b.projector.catchUp()]);

    // Each stream's row holds its last event's number (an event applied twice, or out of order, would leave another).
    const last = new Map<string, { position: number; n: number }>();
    for (const e of events) {
      const n = (e.data as { n: number }).n;
      if ((last.get(e.streamId)?.position ?? 0) < e.position)
        last.set(e.streamId, { position: e.position, n });
    }
    const stored = await a.models.collection<Row>('rows').find();
    for (const [id, { n }] of last) expect(stored.find((r) => r.id === id)?.n).toBe(n);
    expect(await b.projector.position()).toBe(await store.lastPosition());
  });

  it("When a replica's reader catches up while another holds the lock, then the holder applies everything stored for it", async () => {
    const { b } = await holderAndFollower();
    // Appended by a third writer whose events nobody handed over.
    await store.append('other', 'no_stream', [{ type: 'Added', data: { n: 99 } }]);
    const before = b.checkpointCommands();

    await b.projector.catchUp();

    expect(b.checkpointCommands() - before).toBe(0);
    expect(await b.models.collection<Row>('rows').get('other')).toEqual({ id: 'other', n: 99 });
  });

  it('When the holder has stopped, then a replica applies its write itself at once', async () => {
    const { a, b } = await holderAndFollower();
    await a.projector.close();
    await a.handOver.close();

    const t0 = Date.now();
    await b.write('b-after', 1);

    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await b.models.collection<Row>('rows').get('b-after')).toEqual({ id: 'b-after', n: 1 });
  });

  it('When the holder hears the events but never says they were applied, then the replica applies them itself after its wait', async () => {
    const { b } = await holderAndFollower();
    // A process that takes A's place on the channel and answers nothing: B is told it holds the lock.
    const silent = network.process();
    silent.listen('projections', 'silent', { handedOver: () => undefined, applied: () => undefined });
    silent.tell('projections', { holder: 'silent', holds: true, position: 0, rows: [] });
    await new Promise((r) => setImmediate(r));

    const t0 = Date.now();
    await b.write('b-lost', 3);

    expect(Date.now() - t0).toBeGreaterThanOrEqual(1900);
    expect(await b.models.collection<Row>('rows').get('b-lost')).toEqual({ id: 'b-lost', n: 3 });
  });

  it('When the replica cannot hear (its channel is down), then it takes the lock in turn as without a hand-over', async () => {
    const { b } = await holderAndFollower();
    b.handOver.listening = false;
    const sentBefore = network.sent.events;

    await b.write('b-deaf', 4);

    expect(network.sent.events).toBe(sentBefore);
    expect(await b.models.collection<Row>('rows').get('b-deaf')).toEqual({ id: 'b-deaf', n: 4 });
  });

  it('When a lone process that hears the others writes a moment apart, then it takes the lock once, writes the checkpoint at most every 250 ms, and frees it at the last event a second after the last write', async () => {
    const a = start();
    const checkpoint = () =>
      a.models
        .collection<{ id: string; position: number; lockedBy?: string | null }>('checkpoints', {
          compareAndSet: true,
        })
        .get('projections');
    const before = a.checkpointCommands();
    const t0 = Date.now();
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (await a.write(`paced-${i}`, i)).position;
      await new Promise((r) => setTimeout(r, 60)); // a person's pause: past the 50 ms a lock is kept without a channel
    }
    const elapsed = Date.now() - t0;

    // The lock once, then a move per 250 ms at most; taking and freeing it at each write would be 24.
    expect(a.checkpointCommands() - before).toBeLessThanOrEqual(2 + Math.ceil(elapsed / 250));
    expect(await checkpoint()).toMatchObject({ lockedBy: expect.any(String) });
    await new Promise((r) => setTimeout(r, 1300));
    expect(await checkpoint()).toMatchObject({ position: last, lockedBy: null });
    expect(await a.models.collection<Row>('rows').get('paced-11')).toEqual({ id: 'paced-11', n: 11 });
  });

  it("When a replica's first write finds the lock kept by a process it had not heard of, then it hands the events over at once instead of waiting for the lock to be freed", async () => {
    const a = start();
    const b = start();
    await a.write('a-first', 1); // A keeps its lock for a second after this (it hears the others)
    const sentBefore = network.sent.events;

    const t0 = Date.now();
    const event = await b.write('b-first', 2);
    const waited = Date.now() - t0;

    expect(network.sent.events - sentBefore).toBe(1);
    expect(waited).toBeLessThan(500);
    expect(b.projector.sentRow(b.models.collection<Row>('rows'), 'b-first', event.position)).toEqual({
      id: 'b-first',
      n: 2,
    });
  });
});
