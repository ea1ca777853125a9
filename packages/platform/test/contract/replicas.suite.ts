// What two processes sharing one store rely on: compare-and-set writes, the leader lease, and projections that two
// processes catch up at once. Each "process" is its own connection to the same store.
import type { EventStore, ReadModels, StoredEvent } from '../../src/ports';
import { Lease } from '../../src/coordination/lease';
import { LeaderElection } from '../../src/coordination/leader-election';
import { Projector, type Projection } from '../../src/es/projector';

export interface ProcessView {
  models: ReadModels;
  store: EventStore;
}

export interface ReplicasHarness {
  /** A new connection to the same store, as another process has. */
  open(): Promise<ProcessView>;
  cleanup(): Promise<void>;
}

let n = 0;
const unique = (what: string) => `${what}${process.pid}x${Date.now().toString(36)}x${++n}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cas = { compareAndSet: true };

/** Rows created, renamed and deleted: an event applied out of turn shows (a deleted row comes back, a name regresses). */
const rowsProjection = (collection: string, applied: { count: number }): Projection => ({
  collections: [collection],
  async apply(event: StoredEvent, models: ReadModels) {
    applied.count++;
    const rows = models.collection<{ id: string; name: string; version: number }>(collection);
    const data = event.data as { row: string; name?: string };
    await new Promise((r) => setImmediate(r)); // lets the other process run between read and write
    if (event.type === 'RowCreated') {
      if (!(await rows.get(data.row)))
        await rows.put({ id: data.row, name: data.name!, version: event.version });
    } else if (event.type === 'RowRenamed') {
      const row = await rows.get(data.row);
      if (row && row.version < event.version)
        await rows.put({ ...row, name: data.name!, version: event.version });
    } else if (event.type === 'RowDeleted') {
      await rows.delete(data.row);
    }
  },
});

/** How much the projection tests write: a slow store (FerretDB appends in ~0.4 s) gets fewer events. */
export interface ReplicasScale {
  /** Rows seeded before two projectors catch up (4 or 5 events each); over 125 rows is more than one page. */
  rows: number;
  /** Rounds of appends interleaved with catch-ups. */
  rounds: number;
}

export function replicasContract(
  adapter: string,
  make: () => Promise<ReplicasHarness>,
  scale: ReplicasScale = { rows: 180, rounds: 40 },
) {
  describe(`Replicas on one store [${adapter}]`, () => {
    let h: ReplicasHarness;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.cleanup();
    });

    describe('putIf (compare-and-set)', () => {
      it('When two processes insert the same new id with putIf, then exactly one succeeds', async () => {
        const [a, b] = [await h.open(), await h.open()];
        const name = unique('cas');
        const results = await Promise.all([
          a.models.collection<{ id: string; by: string }>(name, cas).putIf({ id: 'k', by: 'a' }, null),
          b.models.collection<{ id: string; by: string }>(name, cas).putIf({ id: 'k', by: 'b' }, null),
        ]);
        expect(results.filter(Boolean)).toHaveLength(1);
        expect((await a.models.collection<{ id: string; by: string }>(name, cas).get('k'))?.by).toBe(
          results[0] ? 'a' : 'b',
        );
      });

      it('When five processes move the same document from the same value, round after round, then one wins each round', async () => {
        const views = await Promise.all([1, 2, 3, 4, 5].map(() => h.open()));
        const name = unique('cas');
        const docs = views.map((v) =>
          v.models.collection<{ id: string; position: number; by: string }>(name, cas),
        );
        await docs[0]!.put({ id: 'c', position: 0, by: '' });
        for (let round = 0; round < 8; round++) {
          const won = await Promise.all(
            docs.map((d, i) => d.putIf({ id: 'c', position: round + 1, by: `p${i}` }, { position: round })),
          );
          expect(won.filter(Boolean)).toHaveLength(1);
          expect(await docs[0]!.get('c')).toEqual({
            id: 'c',
            position: round + 1,
            by: `p${won.indexOf(true)}`,
          });
        }
      });

      it('When a process writes from a read that two later writes of another process made stale, then it fails', async () => {
        const [a, b] = [await h.open(), await h.open()];
        const name = unique('cas');
        const da = a.models.collection<{ id: string; position: number }>(name, cas);
        const db = b.models.collection<{ id: string; position: number }>(name, cas);
        await da.put({ id: 'c', position: 1 });
        expect(await da.get('c')).toEqual({ id: 'c', position: 1 }); // what a decides from
        expect(await db.putIf({ id: 'c', position: 2 }, { position: 1 })).toBe(true);
        expect(await db.putIf({ id: 'c', position: 3 }, { position: 2 })).toBe(true);
        await sleep(50);
        expect(await da.putIf({ id: 'c', position: 9 }, { position: 1 })).toBe(false);
        expect(await db.get('c')).toEqual({ id: 'c', position: 3 });
        expect(await da.get('c')).toEqual({ id: 'c', position: 3 });
      });

      it('When the stored document no longer matches what was read, then putIf writes nothing and says so', async () => {
        const { models } = await h.open();
        const docs = models.collection<{ id: string; position: number; owner: string | null }>(
          unique('cas'),
          cas,
        );
        await docs.put({ id: 'c', position: 5, owner: null });
        expect(await docs.putIf({ id: 'c', position: 7, owner: null }, { position: 5, owner: null })).toBe(
          true,
        );
        expect(await docs.putIf({ id: 'c', position: 6, owner: null }, { position: 5, owner: null })).toBe(
          false,
        );
        expect(await docs.get('c')).toEqual({ id: 'c', position: 7, owner: null });
        expect(await docs.putIf({ id: 'missing', position: 1, owner: null }, { position: 0 })).toBe(false);
        expect(await docs.get('missing')).toBeNull();
      });
    });

    describe('Lease', () => {
      const ttl = 1000;
      const t0 = 1_800_000_000_000;

      it('When two holders ask at once, then only one gets the lease', async () => {
        const [a, b] = [await h.open(), await h.open()];
        const name = unique('lease');
        const states = await Promise.all([
          new Lease(a.models, name, 'holder-a', ttl).acquire(t0),
          new Lease(b.models, name, 'holder-b', ttl).acquire(t0),
        ]);
        expect(states.filter((s) => s.held)).toHaveLength(1);
        const winner = states.find((s) => s.held)!.holder;
        expect(states.every((s) => s.holder === winner)).toBe(true);
      });

      it('When five holders race, then exactly one holds it and the others are told who', async () => {
        const views = await Promise.all([1, 2, 3, 4, 5].map(() => h.open()));
        const name = unique('lease');
        const states = await Promise.all(
          views.map((v, i) => new Lease(v.models, name, `holder-${i}`, ttl).acquire(t0)),
        );
        expect(states.filter((s) => s.held)).toHaveLength(1);
        expect(new Set(states.map((s) => s.holder)).size).toBe(1);
      });

      it('When the holder stops renewing, then the other gets the lease after it expires, not before', async () => {
        const [a, b] = [await h.open(), await h.open()];
        const name = unique('lease');
        const la = new Lease(a.models, name, 'holder-a', ttl);
        const lb = new Lease(b.models, name, 'holder-b', ttl);
        expect((await la.acquire(t0)).held).toBe(true);
        expect(await lb.acquire(t0 + ttl - 1)).toMatchObject({ held: false, holder: 'holder-a' });
        expect((await lb.acquire(t0 + ttl + 1)).held).toBe(true);
        // The old holder, back after its expiry, finds it taken.
        expect(await la.acquire(t0 + ttl + 2)).toMatchObject({ held: false, holder: 'holder-b' });
      });

      it('When the holder renews, then it keeps the lease past the first expiry', async () => {
        const [a, b] = [await h.open(), await h.open()];
        const name = unique('lease');
        const la = new Lease(a.models, name, 'holder-a', ttl);
        const lb = new Lease(b.models, name, 'holder-b', ttl);
        expect((await la.acquire(t0)).held).toBe(true);
        expect(await la.acquire(t0 + 800)).toMatchObject({ held: true, expiresAt: t0 + 800 + ttl });
        expect((await lb.acquire(t0 + ttl + 100)).held).toBe(false);
        expect((await lb.acquire(t0 + 800 + ttl + 1)).held).toBe(true);
      });

      it('When the holder releases, then the other gets the lease at once', async () => {
        const [a, b] = [await h.open(), await h.open()];
        const name = unique('lease');
        const la = new Lease(a.models, name, 'holder-a', ttl);
        const lb = new Lease(b.models, name, 'holder-b', ttl);
        expect((await la.acquire(t0)).held).toBe(true);
        expect((await lb.acquire(t0 + 1)).held).toBe(false);
        expect(await lb.release()).toBe(false); // not its lease: nothing changes
        expect(await la.release()).toBe(true);
        expect((await lb.acquire(t0 + 2)).held).toBe(true);
      });

      it('When two elections run, then one leads; when it stops, the other leads within the renew interval', async () => {
        const [a, b] = [await h.open(), await h.open()];
        const name = unique('svc');
        const ea = new LeaderElection(a.models, name, { ttlMs: 2000, renewMs: 200, holder: 'process-a' });
        const eb = new LeaderElection(b.models, name, { ttlMs: 2000, renewMs: 200, holder: 'process-b' });
        try {
          await Promise.all([ea.start(), eb.start()]);
          await sleep(500); // several renewals
          expect([ea.isLeader, eb.isLeader].filter(Boolean)).toHaveLength(1);
          const [leader, follower] = ea.isLeader ? [ea, eb] : [eb, ea];
          const t = Date.now();
          await leader.stop();
          while (!follower.isLeader && Date.now() - t < 3000) await sleep(10);
          expect(follower.isLeader).toBe(true);
          expect(Date.now() - t).toBeLessThan(1000);
        } finally {
          await ea.stop();
          await eb.stop();
        }
      });
    });

    describe('Projections caught up by two processes at once', () => {
      /**
       * Rows 0..rows-1: each created, renamed twice; every third deleted. Appended in large batches to one stream
       * (the projection keys rows by their data), so a slow store seeds fast too. Returns the rows expected.
       */
      async function seed(store: EventStore, rows: number) {
        const expected = new Map<string, string>();
        const events = [];
        for (let i = 0; i < rows; i++) {
          const row = `row-${i}`;
          events.push(
            { type: 'RowCreated', data: { row, name: `${row} v1` } },
            { type: 'RowRenamed', data: { row, name: `${row} v2` } },
            { type: 'RowRenamed', data: { row, name: `${row} v3` } },
            ...(i % 3 === 0 ? [{ type: 'RowDeleted', data: { row } }] : []),
          );
          if (i % 3 !== 0) expected.set(row, `${row} v3`);
        }
        let version = 0;
        for (let i = 0; i < events.length; i += 200) {
          const batch = events.slice(i, i + 200);
          await store.append('seeded-rows', version === 0 ? 'no_stream' : version, batch);
          version += batch.length;
        }
        return expected;
      }

      it('When two projectors catch up concurrently, then each event is applied once, the checkpoint never goes back and the rows are right', async () => {
        const [a, b] = [await h.open(), await h.open()];
        const collection = unique('rows');
        const name = unique('projection');
        // 4 events a row for two in three rows, 3 for the others: past one page (500), so there are several passes.
        const expected = await seed(a.store, scale.rows);
        const last = await a.store.lastPosition();
        const countA = { count: 0 };
        const countB = { count: 0 };
        const pa = new Projector(a.store, a.models, [rowsProjection(collection, countA)], undefined, name);
        const pb = new Projector(b.store, b.models, [rowsProjection(collection, countB)], undefined, name);

        const seen: number[] = [];
        let watching = true;
        const watch = (async () => {
          while (watching) {
            seen.push(await pa.position());
            await sleep(2);
          }
        })();
        const [appliedA, appliedB] = await Promise.all([pa.catchUp(), pb.catchUp()]);
        watching = false;
        await watch;

        const events = (await a.store.readAll(0, 10_000)).length;
        expect(appliedA + appliedB).toBe(events);
        expect(countA.count + countB.count).toBe(events);
        expect(await pa.position()).toBe(last);
        expect(seen).toEqual([...seen].sort((x, y) => x - y));
        const rows = await a.models.collection<{ id: string; name: string }>(collection).find({});
        expect(new Map(rows.map((r) => [r.id, r.name]))).toEqual(expected);
      });

      it('When two projectors keep catching up while events are appended, then the rows end equal to one projector applying them all', async () => {
        const [a, b] = [await h.open(), await h.open()];
        const collection = unique('rows');
        const name = unique('projection');
        const count = { count: 0 };
        const pa = new Projector(a.store, a.models, [rowsProjection(collection, count)], undefined, name);
        const pb = new Projector(b.store, b.models, [rowsProjection(collection, count)], undefined, name);
        const expected = new Map<string, string>();
        const catchUps: Promise<number>[] = [];
        for (let i = 0; i < scale.rounds; i++) {
          const row = `row-${i}`;
          const writer = i % 2 === 0 ? a : b;
          await writer.store.append(row, 'no_stream', [
            { type: 'RowCreated', data: { row, name: `${row} v1` } },
          ]);
          catchUps.push(pa.catchUp(), pb.catchUp());
          await writer.store.append(row, 1, [{ type: 'RowRenamed', data: { row, name: `${row} v2` } }]);
          if (i % 4 === 0) await writer.store.append(row, 2, [{ type: 'RowDeleted', data: { row } }]);
          else expected.set(row, `${row} v2`);
          catchUps.push(i % 2 === 0 ? pb.catchUp() : pa.catchUp());
        }
        await Promise.all(catchUps);
        await Promise.all([pa.catchUp(), pb.catchUp()]);
        const events = (await a.store.readAll(0, 10_000)).length;
        expect(count.count).toBe(events);
        const rows = await a.models.collection<{ id: string; name: string }>(collection).find({});
        expect(new Map(rows.map((r) => [r.id, r.name]))).toEqual(expected);
      });
    });
  });
}
