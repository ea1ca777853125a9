import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { Projector } from '../../src/es/projector';
import type { ReadModels } from '../../src/ports';
import { rows } from './row-fixtures';
import { useTempSqlite } from './temp-sqlite';

describe('Projector when its read models cannot be reached', () => {
  const sqlite = useTempSqlite();

  /** Read models whose server is down while `down` is set: each call waits 100 ms, then fails. */
  function unreachable(models: SqliteReadModels) {
    const state = { down: true, calls: 0 };
    const wrapped: ReadModels = Object.create(models);
    wrapped.collection = (name, options) => {
      const collection = models.collection(name, options);
      return new Proxy(collection, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          if (typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            if (state.down) {
              state.calls++;
              await new Promise((r) => setTimeout(r, 100));
              throw new Error('server selection timed out');
            }
            return value.apply(target, args);
          };
        },
      });
    };
    return { wrapped, state };
  }

  it('When a pass fails, then the passes queued behind it fail with the same error at once, and a pass after that tries again', async () => {
    const store = new SqliteEventStore(sqlite());
    const { wrapped, state } = unreachable(new SqliteReadModels(sqlite()));
    const projector = new Projector(store, wrapped, [rows]);
    for (let n = 1; n <= 5; n++) await store.append(`s${n}`, 'no_stream', [{ type: 'Added', data: { n } }]);

    const queued = [1, 2, 3, 4, 5].map((upTo) => projector.catchUp(upTo).catch((e: Error) => e.message));
    expect(await Promise.all(queued)).toEqual(Array(5).fill('server selection timed out'));
    // One pass reached for the server; the four behind it did not wait their own timeouts out.
    expect(state.calls).toBe(1);

    state.down = false;
    await new Promise((r) => setTimeout(r, 1100));
    expect(await projector.catchUp(5)).toBe(5);
    expect(await wrapped.collection('rows').get('s5')).toEqual({ id: 's5', n: 5 });
  });
});
