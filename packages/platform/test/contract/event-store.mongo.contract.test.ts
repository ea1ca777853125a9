import mongoose, { type Connection } from 'mongoose';
import { connectMongo } from '../../src/adapters/mongo/connection';
import { MongoEventStore } from '../../src/adapters/mongo/mongo-event-store';
import { MongoReadModels } from '../../src/adapters/mongo/mongo-read-models';
import { SignallingEventStore } from '../../src/es/append-signal';
import { OutboxRelay } from '../../src/es/relay';
import { ConcurrencyError, type EventBus, type StoredEvent } from '../../src/ports';
import { eventStoreContract } from './event-store.suite';
import { runId, withRealServer } from './real-servers';

withRealServer('mongo', (env) => {
  let conn: Promise<Connection> | undefined;
  /** A connection of its own whose commands a test can watch (commandStarted). */
  const monitoredConnection = () =>
    mongoose
      .createConnection(env.MONGO_URL!, { dbName: `contract_es_${runId}`, monitorCommands: true })
      .asPromise();
  const connection = () => (conn ??= connectMongo(env.MONGO_URL!, `contract_es_${runId}`));
  afterAll(async () => {
    if (!conn) return;
    const c = await conn;
    await c.dropDatabase().catch(() => undefined);
    await c.close();
  });

  eventStoreContract('mongo', async () => ({
    store: new MongoEventStore(await connection()),
    cleanup: async () => undefined,
  }));

  describe('EventStore on MongoDB specifics [mongo]', () => {
    it('When writers race with multi-event appends, then each append is all or nothing (one commit document) [mongo]', async () => {
      const store = new MongoEventStore(await connection());
      const s = `multi-${runId}`;
      await store.append(s, 'no_stream', [{ type: 'Opened', data: {} }]);
      const results = await Promise.allSettled(
        [1, 2, 3, 4].map((w) =>
          store.append(
            s,
            1,
            [1, 2, 3].map((i) => ({ type: `W${w}E${i}`, data: {} })),
          ),
        ),
      );
      const winners = results.filter((r) => r.status === 'fulfilled');
      expect(winners).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConcurrencyError);
      const events = await store.read(s);
      expect(events.map((e) => e.version)).toEqual([1, 2, 3, 4]);
      expect(new Set(events.slice(1).map((e) => e.type.slice(0, 2))).size).toBe(1);
    });

    it('When a writer died between reserving positions and writing, then readAll waits for the hole, then skips it [mongo]', async () => {
      const conn = await connection();
      const store = new MongoEventStore(conn, { gapTimeoutMs: 400 });
      const start = await store.lastPosition();
      await store.append(`gap-${runId}`, 'any', [{ type: 'Before', data: {} }]);
      // A dead writer's reservation: the counter moves, nothing is written.
      await conn.collection('counters').updateOne({ _id: 'position' as never }, { $inc: { value: 2 } });
      await store.append(`gap-${runId}`, 'any', [{ type: 'After', data: {} }]);
      expect((await store.readAll(start)).map((e) => e.type)).toEqual(['Before']);
      await new Promise((r) => setTimeout(r, 500));
      expect((await store.readAll(start)).map((e) => e.type)).toEqual(['Before', 'After']);
    });

    it('When a writer died at the tail (nothing written after its positions), then readAll ends before them without asking the counter, and skips them after twice the gap timeout [mongo]', async () => {
      const conn = await monitoredConnection();
      try {
        const store = new MongoEventStore(conn, { gapTimeoutMs: 300 });
        const start = await store.lastPosition();
        await store.append(`tail-${runId}`, 'any', [{ type: 'Before', data: {} }]);
        // A dead writer's reservation at the tail: the counter moves, nothing is written, nothing comes after.
        const dead = await conn
          .collection('counters')
          .findOneAndUpdate(
            { _id: 'position' as never },
            { $inc: { value: 2 } },
            { returnDocument: 'after' },
          );
        const deadIds = [String(Number(dead!.value) - 1), String(dead!.value)];
        const gaps = async () =>
          (
            await conn
              .collection('event_positions')
              .find({ _id: { $in: deadIds as never[] } })
              .toArray()
          )
            .map((d) => [String(d._id), d.gap])
            .sort(([a], [b]) => Number(a) - Number(b));
        const counterReads: number[] = [];
        conn.getClient().on('commandStarted', (e) => {
          const cmd = e.command as { find?: string };
          if (e.commandName === 'find' && cmd.find === 'counters') counterReads.push(Date.now());
        });
        const types = async () => (await store.readAll(start)).map((e) => e.type);
        expect(await types()).toEqual(['Before']);
        expect(await types()).toEqual(['Before']);
        expect(counterReads).toEqual([]);
        await new Promise((r) => setTimeout(r, 350));
        // Missing for the timeout: the counter says it was reserved, so it is a hole from now on.
        expect(await types()).toEqual(['Before']);
        expect(counterReads).toHaveLength(1);
        expect(await gaps()).toEqual([]);
        await new Promise((r) => setTimeout(r, 350));
        // Skipped for good (each marked a gap), so a write after them is read at once.
        expect(await types()).toEqual(['Before']);
        expect(await gaps()).toEqual(deadIds.map((id) => [id, true]));
        await store.append(`tail-${runId}`, 'any', [{ type: 'After', data: {} }]);
        expect(await types()).toEqual(['Before', 'After']);
      } finally {
        await conn.close();
      }
    });

    it('When a reader gives up a position whose commit is still on its way, then the commit moves to new positions and every reader gets it [mongo]', async () => {
      const conn = await connection();
      const reader = new MongoEventStore(conn, { gapTimeoutMs: 0 });
      const writer = new MongoEventStore(conn);
      const start = await reader.lastPosition();
      // The next position, as a reader claims it after the writer reserved it and before its commit was written.
      const counter = await conn.collection('counters').findOne({ _id: 'position' as never });
      const next = Number(counter?.value ?? 0) + 1;
      await conn.collection('event_positions').insertOne({ _id: String(next) as never, gap: true });
      const [late] = (await writer.append(`late-${runId}`, 'no_stream', [{ type: 'Late', data: {} }])).events;
      expect(late!.position).toBeGreaterThan(next);
      expect(writer.reservedHere(next)).toBe(false);
      expect(writer.reservedHere(late!.position)).toBe(true);
      expect((await reader.readAll(start)).map((e) => [e.type, e.position])).toEqual([
        ['Late', late!.position],
      ]);
      expect((await writer.read(`late-${runId}`)).map((e) => e.position)).toEqual([late!.position]);
    });

    it('When another process appends a new stream that exists (it has not read it), then ConcurrencyError, and readers do not wait for the positions it took [mongo]', async () => {
      const conn = await connection();
      const s = `exists-elsewhere-${runId}`;
      const first = new MongoEventStore(conn);
      const start = await first.lastPosition();
      await first.append(s, 'no_stream', [{ type: 'Opened', data: {} }]);
      const other = new MongoEventStore(conn, { gapTimeoutMs: 60_000 });
      await expect(other.append(s, 'no_stream', [{ type: 'Again', data: {} }])).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      // The position it took is given up, not waited for as one of its own appends on its way.
      const taken = Number((await conn.collection('counters').findOne({ _id: 'position' as never }))?.value);
      expect(other.reservedHere(taken)).toBe(false);
      await first.append(`after-${runId}`, 'no_stream', [{ type: 'After', data: {} }]);
      expect((await other.readAll(start)).map((e) => e.type)).toEqual(['Opened', 'After']);
      expect((await other.read(s)).map((e) => e.type)).toEqual(['Opened']);
    });

    it("When two processes are handed the same position (FerretDB's lost $inc), then the second append moves to the next one without querying the commits by position [mongo]", async () => {
      const conn = await monitoredConnection();
      try {
        const first = new MongoEventStore(conn);
        const second = new MongoEventStore(conn);
        const start = await first.lastPosition();
        const [a] = (await first.append(`twice-a-${runId}`, 'no_stream', [{ type: 'A', data: {} }])).events;
        // The counter goes back one, as a lost concurrent increment leaves it: the next writer is handed a's position.
        await conn.collection('counters').updateOne({ _id: 'position' as never }, { $inc: { value: -1 } });
        const queries: string[] = [];
        conn.getClient().on('commandStarted', (e) => {
          const filter = (e.command as { filter?: object }).filter;
          if (e.commandName === 'find' && filter) queries.push(Object.keys(filter).join(','));
        });
        const [b] = (await second.append(`twice-b-${runId}`, 'no_stream', [{ type: 'B', data: {} }])).events;
        expect(b!.position).toBeGreaterThan(a!.position);
        expect(queries).not.toContain('position');
        // a's position is not the second process's to hand over: its relay and projector read it from the store.
        expect(second.reservedHere(a!.position)).toBe(false);
        expect(second.reservedHere(b!.position)).toBe(true);
        expect((await first.readAll(start)).map((e) => [e.type, e.position])).toEqual([
          ['A', a!.position],
          ['B', b!.position],
        ]);
      } finally {
        await conn.close();
      }
    });

    it("When two processes are handed the same position (FerretDB's lost $inc), then the second's relay publishes the first's event with its own at once, not at its next poll [mongo]", async () => {
      // A database of its own: the relay starts from the first event stored.
      const own = await connectMongo(env.MONGO_URL!, `contract_es_relay_${runId}`);
      const published: string[] = [];
      const bus: EventBus = {
        needsRelay: true,
        publish: async (_topic: string, events: StoredEvent[]) => {
          published.push(...events.map((e) => e.type));
        },
        subscribe: () => Promise.reject(new Error('not used')),
        ready: async () => true,
        close: async () => undefined,
      };
      const first = new MongoEventStore(own);
      const second = new SignallingEventStore(new MongoEventStore(own));
      const relay = new OutboxRelay(second, bus, new MongoReadModels(own), 'relayed', undefined, {
        pollMs: 60_000,
        onAppend: (listener) => second.onAppend(listener),
      });
      try {
        relay.start();
        await new Promise((r) => setTimeout(r, 100)); // the relay's first read is done, its poll a minute away
        await first.append(`relayed-a-${runId}`, 'no_stream', [{ type: 'A', data: {} }]);
        await own.collection('counters').updateOne({ _id: 'position' as never }, { $inc: { value: -1 } });
        await second.append(`relayed-b-${runId}`, 'no_stream', [{ type: 'B', data: {} }]);
        const deadline = Date.now() + 2000;
        while (published.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        expect(published).toEqual(['A', 'B']);
      } finally {
        await relay.stop();
        await own.dropDatabase().catch(() => undefined);
        await own.close();
      }
    });

    it('When appends come one by one while an append is on its way, then they wait for it and go together: three commands for all of them, not three each [mongo]', async () => {
      const conn = await monitoredConnection();
      try {
        const store = new MongoEventStore(conn);
        await store.append(`cycle-warm-${runId}`, 'no_stream', [{ type: 'Warm', data: {} }]);
        const sent: string[] = [];
        const appends: Promise<unknown>[] = [];
        const appendOne = (n: number) =>
          appends.push(store.append(`cycle-${n}-${runId}`, 'no_stream', [{ type: 'E', data: { n } }]));
        // One more append comes as each of the first append's commands is sent: at its counter increment, at the
        // insert of its commit, at the insert of its position entry.
        conn.getClient().on('commandStarted', (e) => {
          const collection = String((e.command as Record<string, unknown>)[e.commandName]);
          sent.push(`${e.commandName} ${collection}`);
          if (sent.length <= 3) appendOne(sent.length);
        });
        appendOne(0);
        while (appends.length < 4) await new Promise((r) => setTimeout(r, 5));
        const results = (await Promise.all(appends)) as { events: { position: number }[] }[];

        expect(sent).toEqual([
          'findAndModify counters',
          'insert events',
          'insert event_positions',
          'findAndModify counters',
          'insert events',
          'insert event_positions',
        ]);
        const positions = results.map((r) => r.events[0]!.position);
        expect(new Set(positions).size).toBe(4);
        const stored = await Promise.all([0, 1, 2, 3].map((n) => store.read(`cycle-${n}-${runId}`)));
        expect(stored.map((events) => events.map((e) => e.data))).toEqual([0, 1, 2, 3].map((n) => [{ n }]));
      } finally {
        await conn.close();
      }
    });

    it('When an event id repeats inside one append, then nothing is written [mongo]', async () => {
      const store = new MongoEventStore(await connection());
      const s = `dup-in-batch-${runId}`;
      const id = '0b8f6e2a-4c1d-4e5f-9a7b-3c2d1e0f9a8b';
      await expect(
        store.append(s, 'no_stream', [
          { id, type: 'A', data: {} },
          { id, type: 'B', data: {} },
        ]),
      ).rejects.toThrow(/already stored/);
      expect(await store.read(s)).toEqual([]);
    });
  });
});
