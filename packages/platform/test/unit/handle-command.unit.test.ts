import { handleCommand, type Decider } from '../../src/es/decider';
import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { Conflict, StaleVersion } from '../../src/es/errors';
import { ConcurrencyError, type EventStore } from '../../src/ports';
import { useTempSqlite } from './temp-sqlite';

type Ev = { type: 'Added'; data: { n: number } };
const counter: Decider<number, { add: number }, Ev> = {
  initialState: () => 0,
  decide: (c) => [{ type: 'Added', data: { n: c.add } }],
  evolve: (s, e) => s + e.data.n,
};

describe('handleCommand', () => {
  const sqlite = useTempSqlite();
  let store: SqliteEventStore;
  beforeEach(() => {
    store = new SqliteEventStore(sqlite());
  });

  it('When a command is handled, then its events are appended and the new state returned', async () => {
    await handleCommand(store, 's', counter, { add: 2 }, { actor: 'alice' });
    const result = await handleCommand(store, 's', counter, { add: 3 });
    expect(result.state).toBe(5);
    expect(result.version).toBe(2);
    expect((await store.read('s'))[0]!.meta).toEqual({ actor: 'alice' });
  });

  it('When another writer appends in between once, then the command is retried on fresh state', async () => {
    let raced = false;
    const racing: EventStore = Object.create(store);
    racing.append = async (...args) => {
      if (!raced) {
        raced = true;
        await store.append('s', 'any', [{ type: 'Added', data: { n: 10 } }]);
      }
      return store.append(...args);
    };
    const result = await handleCommand(racing, 's', counter, { add: 1 });
    expect(result.state).toBe(11);
  });

  it('When a new stream is created, then nothing is read before the append', async () => {
    const reads: string[] = [];
    const counted: EventStore = Object.create(store);
    counted.read = async (id) => {
      reads.push(id);
      return store.read(id);
    };
    const result = await handleCommand(counted, 'fresh', counter, { add: 4 }, {}, { newStream: true });
    expect(result).toMatchObject({ state: 4, version: 1 });
    expect(reads).toEqual([]);
  });

  it('When the stream said to be new exists after all, then the append fails on it and the retry decides on its events', async () => {
    await handleCommand(store, 's', counter, { add: 10 });
    const result = await handleCommand(store, 's', counter, { add: 1 }, {}, { newStream: true });
    expect(result).toMatchObject({ state: 11, version: 2 });
    expect((await store.read('s')).map((e) => e.data)).toEqual([{ n: 10 }, { n: 1 }]);
  });

  it('When the stream keeps changing under it, then the second conflict is a Conflict', async () => {
    const always: EventStore = Object.create(store);
    always.append = async () => {
      throw new ConcurrencyError('s', 0, 1);
    };
    await expect(handleCommand(always, 's', counter, { add: 1 })).rejects.toThrow(Conflict);
  });

  it('When the caller read the current version (If-Match), then the command is appended', async () => {
    await handleCommand(store, 's', counter, { add: 2 });
    const result = await handleCommand(store, 's', counter, { add: 3 }, {}, { ifVersion: [1] });
    expect(result).toMatchObject({ state: 5, version: 2 });
  });

  it('When the caller read an older version (If-Match), then StaleVersion and nothing is written', async () => {
    await handleCommand(store, 's', counter, { add: 2 });
    await handleCommand(store, 's', counter, { add: 3 });
    await expect(handleCommand(store, 's', counter, { add: 4 }, {}, { ifVersion: [1] })).rejects.toThrow(
      StaleVersion,
    );
    expect(await store.read('s')).toHaveLength(2);
  });

  it('When another writer appends between the read and the append of an If-Match write, then StaleVersion, no retry', async () => {
    await handleCommand(store, 's', counter, { add: 2 });
    const racing: EventStore = Object.create(store);
    racing.append = async (...args) => {
      await store.append('s', 'any', [{ type: 'Added', data: { n: 10 } }]);
      return store.append(...args);
    };
    await expect(handleCommand(racing, 's', counter, { add: 1 }, {}, { ifVersion: [1] })).rejects.toThrow(
      StaleVersion,
    );
    expect((await store.read('s')).map((e) => e.data)).toEqual([{ n: 2 }, { n: 10 }]);
  });
});
