import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { Projector } from '../../src/es/projector';
import type { ReadModels } from '../../src/ports';
import { rows } from './row-fixtures';
import { useTempSqlite } from './temp-sqlite';

describe('Projector: a writer waits for its rows, not for the checkpoint', () => {
  const sqlite = useTempSqlite();

  /** Read models whose checkpoint moves take `slow.ms` each (a server far away); the rows are written at once. */
  function slowCheckpoints(models: SqliteReadModels) {
    const slow = { ms: 0 };
    const wrapped: ReadModels = Object.create(models);
    wrapped.collection = (name, options) => {
      const collection = models.collection(name, options);
      if (name !== 'checkpoints') return collection;
      return Object.assign(Object.create(collection) as typeof collection, {
        putIf: async (...args: Parameters<typeof collection.putIf>) => {
          await new Promise((r) => setTimeout(r, slow.ms));
          return collection.putIf(...args);
        },
      });
    };
    return { wrapped, slow };
  }

  it('When the rows of an event are sent, then its writer is answered before the checkpoint moves past it; the move is written once the kept lock is freed', async () => {
    const store = new SqliteEventStore(sqlite());
    const { wrapped, slow } = slowCheckpoints(new SqliteReadModels(sqlite()));
    const projector = new Projector(store, wrapped, [rows]);
    const first = await store.append('s1', 'no_stream', [{ type: 'Added', data: { n: 1 } }]);
    await projector.catchUp(first.events[0]!.position, first.events);
    await projector.close(); // the lock kept after that pass freed: the next pass takes it again

    slow.ms = 300;
    const second = await store.append('s2', 'no_stream', [{ type: 'Added', data: { n: 2 } }]);
    const t0 = Date.now();
    await projector.catchUp(second.events[0]!.position, second.events);
    const waited = Date.now() - t0;

    expect(await wrapped.collection('rows').get('s2')).toEqual({ id: 's2', n: 2 });
    // The lock (one slow move) before the rows; the move past them is not waited for.
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(550);
    const checkpoint = () =>
      wrapped.collection<{ id: string; position: number }>('checkpoints').get('projections');
    expect((await checkpoint())?.position).toBe(first.events[0]!.position);
    expect(await projector.position()).toBe(second.events[0]!.position);
    await projector.close();
    expect((await checkpoint())?.position).toBe(second.events[0]!.position);
  });
});
