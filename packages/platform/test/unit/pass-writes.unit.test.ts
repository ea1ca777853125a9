import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { PassWrites } from '../../src/es/pass-writes';
import type { ReadModels } from '../../src/ports';
import { useTempSqlite } from './temp-sqlite';

type Row = { id: string; team: string; n: number; note?: string };

/** The read models with every call to a collection counted by `collection.method`. */
function counted(models: ReadModels) {
  const calls: string[] = [];
  const wrapped: ReadModels = {
    collection: ((name: string, options?: never) => {
      const c = models.collection(name, options);
      return new Proxy(c, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver) as unknown;
          if (typeof value !== 'function' || typeof key !== 'string') return value;
          return (...args: unknown[]) => {
            calls.push(`${name}.${key}`);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    }) as ReadModels['collection'],
    ready: () => models.ready(),
    close: () => models.close(),
  };
  return { models: wrapped, calls };
}

describe('PassWrites (a projector pass writes its rows together)', () => {
  const sqlite = useTempSqlite();
  let store: SqliteReadModels;
  beforeEach(async () => {
    store = new SqliteReadModels(sqlite());
    await store.collection<Row>('rows').put({ id: 'a', team: 'red', n: 1 });
  });

  it('When a pass writes, updates and deletes rows, then the store sees nothing until the flush, and then all of it in one write a collection', async () => {
    const { models, calls } = counted(store);
    const pass = new PassWrites(models);
    const rows = pass.collection<Row>('rows');
    await rows.put({ id: 'b', team: 'blue', n: 2 });
    await rows.update('a', { n: 5 });
    await rows.put({ id: 'c', team: 'red', n: 3 });
    await rows.delete('c');
    expect(await store.collection<Row>('rows').find()).toEqual([{ id: 'a', team: 'red', n: 1 }]);

    await pass.flush();

    expect(await store.collection<Row>('rows').find()).toEqual([
      { id: 'a', team: 'red', n: 5 },
      { id: 'b', team: 'blue', n: 2 },
    ]);
    expect(calls).toEqual(['rows.get', 'rows.writeMany']); // a read to update it; c was the pass's own
  });

  it('When a pass reads what it wrote, then it sees its own writes, and a row it read is read from the store once', async () => {
    const { models, calls } = counted(store);
    const rows = new PassWrites(models).collection<Row>('rows');
    expect(await rows.get('a')).toEqual({ id: 'a', team: 'red', n: 1 });
    expect(await rows.get('a')).toEqual({ id: 'a', team: 'red', n: 1 });
    await rows.update('a', { n: 2 });
    expect(await rows.get('a')).toEqual({ id: 'a', team: 'red', n: 2 });
    await rows.insert({ id: 'a', team: 'x', n: 0 });
    expect(await rows.get('a')).toEqual({ id: 'a', team: 'red', n: 2 });
    await rows.insert({ id: 'd', team: 'red', n: 4 });
    expect(await rows.update('zz', { n: 1 })).toBeNull();
    expect(await rows.delete('d')).toBe(true);
    expect(await rows.get('d')).toBeNull();
    expect(calls).toEqual(['rows.get', 'rows.get', 'rows.get']); // a once, zz, d (was it there before the insert?)
  });

  it('When a pass inserts rows it has not read, then it reads nothing and sends inserts that leave a row already there as it is', async () => {
    const { models, calls } = counted(store);
    const pass = new PassWrites(models);
    const rows = pass.collection<Row>('rows');
    await rows.insert({ id: 'a', team: 'replayed', n: 0 });
    await rows.insert({ id: 'e', team: 'green', n: 7 });
    await pass.flush();
    expect(calls).toEqual(['rows.writeMany']);
    expect(await store.collection<Row>('rows').find()).toEqual([
      { id: 'a', team: 'red', n: 1 },
      { id: 'e', team: 'green', n: 7 },
    ]);
  });

  it('When a pass queries by a filter, then the answer holds the store rows and its own writes, in id order; with an order or a count, its writes are sent first', async () => {
    const { models, calls } = counted(store);
    const rows = new PassWrites(models).collection<Row>('rows');
    await rows.put({ id: '0', team: 'red', n: 9 });
    await rows.update('a', { team: 'blue' });
    expect(await rows.find({ where: { team: 'red' } })).toEqual([{ id: '0', team: 'red', n: 9 }]);
    expect(await rows.find({ where: { team: 'blue' } })).toEqual([{ id: 'a', team: 'blue', n: 1 }]);
    expect(calls.filter((c) => c === 'rows.writeMany')).toEqual([]);

    expect(
      await rows.find({ where: { team: 'blue' }, sort: [{ field: 'n', dir: 'desc' }], limit: 1 }),
    ).toEqual([{ id: 'a', team: 'blue', n: 1 }]);
    expect(await rows.count({ team: 'red' })).toBe(1);
    expect(calls.filter((c) => c === 'rows.writeMany')).toEqual(['rows.writeMany']);
  });

  it('When the flush fails, then the writes are kept and sent by the next flush', async () => {
    let down = true;
    const failing: ReadModels = {
      collection: ((name: string, options?: never) => {
        const c = store.collection(name, options);
        return Object.assign(Object.create(c) as typeof c, {
          writeMany: (puts: Row[], deletes: string[]) =>
            down ? Promise.reject(new Error('unreachable')) : c.writeMany(puts as never, deletes),
        });
      }) as ReadModels['collection'],
      ready: () => store.ready(),
      close: () => store.close(),
    };
    const pass = new PassWrites(failing);
    await pass.collection<Row>('rows').put({ id: 'b', team: 'blue', n: 2 });
    await expect(pass.flush()).rejects.toThrow('unreachable');
    down = false;
    await pass.flush();
    expect(await store.collection<Row>('rows').get('b')).toEqual({ id: 'b', team: 'blue', n: 2 });
  });

  it("When a row read is changed by the caller, then the pass keeps what was written, not the caller's copy", async () => {
    const rows = new PassWrites(store).collection<Row>('rows');
    const a = (await rows.get('a'))!;
    a.n = 100;
    expect(await rows.get('a')).toEqual({ id: 'a', team: 'red', n: 1 });
  });
});
