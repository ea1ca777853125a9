import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { derivedEventId, runCommand, type Decider } from '../../src/es/decider';
import { Conflict, NotYetReadable } from '../../src/es/errors';
import { defineProjection, Projector } from '../../src/es/projector';
import { REACTION_ATTEMPTS, runReaction } from '../../src/runtime/reactions';
import { ConcurrencyError, type EventStore } from '../../src/ports';
import { useTempSqlite } from './temp-sqlite';

type Added = { type: 'Added'; data: { n: number } };
/** Decides an event for every command, whatever came before: only derived ids can keep a redelivery out. */
const counter: Decider<number, { add: number }, Added> = {
  initialState: () => 0,
  decide: (c) => [{ type: 'Added', data: { n: c.add } }],
  evolve: (s, e) => s + e.data.n,
};

type Total = { id: string; total: number };
const totals = defineProjection<Added>({
  collections: ['totals'],
  async apply(event, models) {
    const rows = models.collection<Total>('totals');
    const row = await rows.get(event.streamId);
    await rows.put({ id: event.streamId, total: (row?.total ?? 0) + event.data.n });
  },
});

describe('runCommand (the command pipeline of routes and reactions)', () => {
  const sqlite = useTempSqlite();
  let store: SqliteEventStore;
  let models: SqliteReadModels;
  let site: { infra: { eventStore: EventStore }; projector: Projector };
  const total = async () => (await models.collection<Total>('totals').get('s'))?.total;

  beforeEach(() => {
    store = new SqliteEventStore(sqlite());
    models = new SqliteReadModels(sqlite());
    site = { infra: { eventStore: store }, projector: new Projector(store, models, [totals]) };
  });

  /** A store whose appends lose the race `times` times: another writer appends just before each. */
  const racing = (times: number) => {
    const raced: EventStore = Object.create(store);
    let appends = 0;
    raced.append = async (...args) => {
      appends++;
      if (appends <= times) await store.append('s', 'any', [{ type: 'Added', data: { n: 100 } }]);
      return store.append(...args);
    };
    return { raced, appends: () => appends };
  };

  it('When a command is run, then its events are appended and the read model already shows them', async () => {
    const result = await runCommand(site, 's', counter, { add: 2 }, { meta: { actor: 'alice' } });
    expect(result).toMatchObject({ state: 2, version: 1 });
    expect(await total()).toBe(2);
    expect((await store.read('s'))[0]!.meta).toEqual({ actor: 'alice' });
  });

  it('When another writer wins the race attempts-1 times, then the command is decided again and appended', async () => {
    const { raced, appends } = racing(2);
    const result = await runCommand(
      { ...site, infra: { eventStore: raced } },
      's',
      counter,
      { add: 1 },
      { attempts: 3 },
    );
    expect(appends()).toBe(3);
    expect(result.state).toBe(201);
    expect(await total()).toBe(201);
  });

  it('When another writer wins every one of the attempts, then Conflict, and the command wrote nothing', async () => {
    const { raced, appends } = racing(3);
    await expect(
      runCommand({ ...site, infra: { eventStore: raced } }, 's', counter, { add: 1 }, { attempts: 3 }),
    ).rejects.toThrow(Conflict);
    expect(appends()).toBe(3);
    expect((await store.read('s')).map((e) => e.data)).toEqual([{ n: 100 }, { n: 100 }, { n: 100 }]);
  });

  it('When no attempts are given, then a route gets two tries before Conflict', async () => {
    const always: EventStore = Object.create(store);
    let appends = 0;
    always.append = async () => {
      appends++;
      throw new ConcurrencyError('s', 0, 1);
    };
    await expect(
      runCommand({ ...site, infra: { eventStore: always } }, 's', counter, { add: 1 }),
    ).rejects.toThrow(Conflict);
    expect(appends).toBe(2);
  });

  it('When a reaction runs, then its events get ids derived from the causing message and name it as cause', async () => {
    const causedBy = { eventId: 'message-1', purpose: 'count' };
    const { events } = await runCommand(
      site,
      's',
      counter,
      { add: 2 },
      { meta: { actor: 'system' }, causedBy },
    );
    expect(events.map((e) => e.id)).toEqual([derivedEventId(causedBy, 0)]);
    expect(events[0]!.meta).toEqual({ actor: 'system', causationId: 'message-1' });
    // The same message always gives the same ids; another message or purpose gives others.
    expect(derivedEventId(causedBy, 0)).toBe(derivedEventId({ eventId: 'message-1', purpose: 'count' }, 0));
    expect(derivedEventId(causedBy, 0)).not.toBe(
      derivedEventId({ eventId: 'message-2', purpose: 'count' }, 0),
    );
    expect(derivedEventId(causedBy, 0)).not.toBe(derivedEventId(causedBy, 1));
  });

  it('When a reaction races admin edits twice, then its third try appends it, with the id derived from its message', async () => {
    const { raced, appends } = racing(2);
    const reaction = { actor: 'system', eventId: 'message-1', purpose: 'count', type: 'Counted' };
    const { events } = await runReaction(
      { ...site, infra: { eventStore: raced } },
      's',
      counter,
      { add: 1 },
      reaction,
    );
    expect(appends()).toBe(REACTION_ATTEMPTS);
    expect(events.map((e) => [e.id, e.meta.actor])).toEqual([[derivedEventId(reaction, 0), 'system']]);
    expect(await total()).toBe(201);
  });

  it('When the same message is delivered again, then nothing is appended twice', async () => {
    const causedBy = { eventId: 'message-1', purpose: 'count' };
    await runCommand(site, 's', counter, { add: 2 }, { causedBy });
    const again = await runCommand(site, 's', counter, { add: 2 }, { causedBy });
    expect(again.events).toEqual([]);
    expect(await store.read('s')).toHaveLength(1);
    expect(await total()).toBe(2);
    // Another message is another effect.
    await runCommand(
      site,
      's',
      counter,
      { add: 3 },
      { causedBy: { eventId: 'message-2', purpose: 'count' } },
    );
    expect(await total()).toBe(5);
  });

  it('When the command fails, then undo runs and the error reaches the caller; when it succeeds, undo does not run', async () => {
    let undone = 0;
    const undo = async () => void undone++;
    const failing: EventStore = Object.create(store);
    failing.append = async () => {
      throw new Error('disk full');
    };
    await expect(
      runCommand({ ...site, infra: { eventStore: failing } }, 's', counter, { add: 1 }, { undo }),
    ).rejects.toThrow('disk full');
    expect(undone).toBe(1);
    await runCommand(site, 's', counter, { add: 1 }, { undo });
    expect(undone).toBe(1);
  });

  it("When a create is sent again under the same Idempotency-Key, then the second answers the first one's state and appends nothing", async () => {
    const keyed = { meta: { idempotencyKey: 'k-1' }, newStream: true };
    const first = await runCommand(site, 's', counter, { add: 3 }, keyed);
    const again = await runCommand(site, 's', counter, { add: 3 }, keyed);
    expect(first).toMatchObject({ state: 3, version: 1 });
    expect(again).toEqual({ state: 3, version: 1, events: [], earlierPosition: 1 });
    expect(await store.read('s')).toHaveLength(1);
    expect(await total()).toBe(3);
  });

  it('When a create is sent again under its key after its read models failed to catch up, then the retry answers once the earlier write is readable, or says it was saved', async () => {
    const keyed = { meta: { idempotencyKey: 'k-2' }, newStream: true };
    const asked: (number | undefined)[] = [];
    const failing = {
      infra: site.infra,
      projector: {
        catchUp: (upTo?: number) => {
          asked.push(upTo);
          return Promise.reject(new Error('read models unreachable'));
        },
      },
    };
    await expect(runCommand(failing, 's', counter, { add: 3 }, keyed)).rejects.toBeInstanceOf(NotYetReadable);
    await expect(runCommand(failing, 's', counter, { add: 3 }, keyed)).rejects.toBeInstanceOf(NotYetReadable);
    expect(asked).toEqual([1, 1]);
    expect(await total()).toBeUndefined();
    const again = await runCommand(site, 's', counter, { add: 3 }, keyed);
    expect(again).toMatchObject({ state: 3, version: 1, events: [] });
    expect(await total()).toBe(3);
    expect(await store.read('s')).toHaveLength(1);
  });

  it('When a create without a key finds its stream made already, then it is decided again as any command', async () => {
    await runCommand(site, 's', counter, { add: 3 }, { newStream: true });
    const again = await runCommand(site, 's', counter, { add: 3 }, { newStream: true });
    expect(again).toMatchObject({ state: 6, version: 2 });
  });

  it('When the events are appended but the read models cannot catch up, then NotYetReadable says the write was saved', async () => {
    const failing = {
      infra: site.infra,
      projector: { catchUp: () => Promise.reject(new Error('read models unreachable')) },
    };
    const err = await runCommand(failing, 's', counter, { add: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotYetReadable);
    expect((err as Error).message).toBe(
      'Your change was saved, but it cannot be shown yet. Reload in a moment.',
    );
    expect(await store.read('s')).toHaveLength(1);
  });

  it('When a command appends nothing and the catch-up fails, then that failure reaches the caller as it is', async () => {
    const nothing: Decider<number, object, Added> = { ...counter, decide: () => [] };
    const failing = {
      infra: site.infra,
      projector: { catchUp: () => Promise.reject(new Error('read models unreachable')) },
    };
    await expect(runCommand(failing, 's', nothing, {})).rejects.toThrow('read models unreachable');
  });
});
