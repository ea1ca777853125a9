import type { EventStore, ReadModels, StoredEvent } from '../../src/ports';

const runTag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
import { Projector, defineProjection, runCommand, type Decider } from '../../src/es';

/** A server command one write sent (MongoDB's wire commands; the embedded adapters send none). */
export interface SentCommand {
  name: string;
  /** The keys its filter selects by (find, update, delete, findAndModify), when it has one. */
  filterKeys?: string[];
  /** The collection it names. */
  collection?: string;
  /** The `_id`s a lookup by key asks for (one, or those of an `$in`). */
  ids?: string[];
}

/** The ids of the event store's position entries the commands looked up, command by command. */
const positionLookups = (commands: SentCommand[]) =>
  commands.filter((c) => c.name === 'find' && c.collection === 'event_positions').map((c) => c.ids ?? []);

export interface WritePathHarness {
  store: EventStore;
  models: ReadModels;
  /** The commands sent to the server since the last call. */
  takeCommands(): SentCommand[];
  cleanup(): Promise<void>;
}

type Note = { id: string; text: string };
type NoteEvent = { type: 'NoteWritten'; data: { text: string } };
const notes: Decider<Note | null, { text: string }, NoteEvent> = {
  initialState: () => null,
  decide: (command) => [{ type: 'NoteWritten', data: command }],
  evolve: (_state, event) => ({ id: '', text: event.data.text }),
};
const noteRows = defineProjection<NoteEvent>({
  collections: ['write_path_notes'],
  async apply(event, models) {
    await models.collection<Note>('write_path_notes').put({ id: event.streamId, text: event.data.text });
  },
});

/** Counts the calls made through the ports, by `port.method`; `log` has each call's start and end, in order. */
function counting(store: EventStore, models: ReadModels) {
  const calls = new Map<string, number>();
  const log: string[] = [];
  const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  const wrap = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(t, key, receiver) {
        const value = Reflect.get(t, key, receiver) as unknown;
        if (typeof value !== 'function' || typeof key !== 'string') return value;
        return (...args: unknown[]) => {
          const name = `${prefix}.${key}`;
          count(name);
          log.push(`start ${name}`);
          const result = (value as (...a: unknown[]) => unknown).apply(t, args);
          if (result instanceof Promise)
            void result.finally(() => log.push(`end ${name}`)).catch(() => undefined);
          return result;
        };
      },
    });
  const countedModels: ReadModels = {
    collection: ((name: string, options?: never) =>
      wrap(models.collection(name, options), name)) as ReadModels['collection'],
    ready: () => models.ready(),
    close: () => models.close(),
  };
  return { store: wrap(store, 'events'), models: countedModels, calls, log };
}

/**
 * Writes a note to a new stream, as a service's route does (newStream: the route made the id just now), or as a
 * reaction to another service's message does (causedBy: the events' ids derive from the message's).
 */
function writer(store: EventStore, models: ReadModels) {
  const site = { infra: { eventStore: store }, projector: new Projector(store, models, [noteRows]) };
  const write = (
    text: string,
    options: { newStream?: boolean; causedBy?: { eventId: string; purpose: string } } = {},
  ) => runCommand(site, `note-${Date.now()}-${Math.random()}`, notes, { text }, options);
  /** Frees the lock a pass keeps for the next: its last checkpoint move is written then. */
  const quiet = () => site.projector.close();
  return Object.assign(write, { quiet });
}

/** Who holds the projection's checkpoint lock once it has had a moment to be freed (null: nobody). */
async function lockHolderOnceQuiet(models: ReadModels): Promise<string | null> {
  const checkpoints = models.collection<{ id: string; lockedBy?: string | null }>('checkpoints', {
    compareAndSet: true,
  });
  const deadline = Date.now() + 2000;
  while ((await checkpoints.get('projections'))?.lockedBy && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  return (await checkpoints.get('projections'))?.lockedBy ?? null;
}

/**
 * What one write costs on the write path (issue 24): a new stream appended with the version read, then the read
 * model it reads back caught up, in a service that has been writing for a while. The port calls are the same on
 * every adapter; on a server, every command selects by key, so none makes a server such as FerretDB read a whole
 * collection, and their number is pinned: a regression shows here without timing anything.
 */
export function writePathContract(
  adapter: string,
  make: () => Promise<WritePathHarness>,
  maxCommands: number,
  maxConcurrentCommands = maxCommands,
) {
  describe(`Write path [${adapter}]`, () => {
    let h: WritePathHarness;
    beforeAll(async () => {
      h = await make();
    });
    afterAll(async () => {
      await h.cleanup();
    });

    it('When a service that has been writing appends a new stream and projects it, then it takes one read, one append, two checkpoint writes and one row write: the projection applies the events it was handed, without reading them back', async () => {
      const { store, models, calls } = counting(h.store, h.models);
      const write = writer(store, models);
      // Warm: indexes made, the checkpoint read once, as in a service that has been running.
      for (let i = 0; i < 3; i++) await write(`warm ${i}`);
      await write.quiet();
      calls.clear();
      h.takeCommands();

      await write('counted');
      await write.quiet();

      expect(Object.fromEntries(calls)).toEqual({
        'events.read': 1,
        'events.append': 1,
        // The projection's lock, then the checkpoint moved past the event as the lock is freed (kept until then for
        // the passes that may follow).
        'checkpoints.putIf': 2,
        'write_path_notes.writeMany': 1, // the pass's rows, sent together before the checkpoint moves
      });
      const sent = h.takeCommands();
      expect(sent.length).toBeLessThanOrEqual(maxCommands);
      for (const command of sent.filter((c) => c.filterKeys))
        expect({ command: command.name, by: command.filterKeys }).toEqual({
          command: command.name,
          by: ['_id'],
        });
    });

    it('When a route creates an entity with an id it just made, then nothing is read before the append: one append, two checkpoint writes and one row write', async () => {
      const { store, models, calls } = counting(h.store, h.models);
      const write = writer(store, models);
      for (let i = 0; i < 3; i++) await write(`warm ${i}`, { newStream: true });
      // The warm-up's kept lock is freed first, so its freeing is not counted among the writers' commands.
      await write.quiet();
      calls.clear();
      h.takeCommands();

      await write('created', { newStream: true });
      await write.quiet();

      expect(Object.fromEntries(calls)).toEqual({
        'events.append': 1,
        'checkpoints.putIf': 2,
        'write_path_notes.writeMany': 1,
      });
      expect(h.takeCommands().length).toBeLessThanOrEqual(Math.max(0, maxCommands - 1));
    });

    it("When a reaction writes to a stream it has not seen, then the stream is read once: the read it decided on also tells a redelivered message's events apart", async () => {
      const { store, models, calls } = counting(h.store, h.models);
      const write = writer(store, models);
      const reaction = (i: number) => ({ eventId: `message-${Date.now()}-${i}`, purpose: 'write-path' });
      for (let i = 0; i < 3; i++) await write(`warm ${i}`, { causedBy: reaction(i) });
      await write.quiet();
      calls.clear();
      h.takeCommands();

      await write('reacted', { causedBy: reaction(9) });
      await write.quiet();

      expect(Object.fromEntries(calls)).toEqual({
        'events.read': 1,
        'events.append': 1,
        'checkpoints.putIf': 2,
        'write_path_notes.writeMany': 1,
      });
      expect(h.takeCommands().length).toBeLessThanOrEqual(maxCommands);
    });

    it('When a reaction starts a stream, then nothing is read before its append; its redelivery reads the stream and appends nothing', async () => {
      const { store, models, calls } = counting(h.store, h.models);
      const site = { infra: { eventStore: store }, projector: new Projector(store, models, [noteRows]) };
      const stream = `started-${runTag}`;
      const react = () =>
        runCommand(
          site,
          stream,
          notes,
          { text: 'first' },
          {
            newStream: true,
            causedBy: { eventId: `message-${runTag}`, purpose: 'write-path-start' },
            attempts: 3,
          },
        );
      await runCommand(site, `warm-${runTag}`, notes, { text: 'warm' }, { newStream: true });
      calls.clear();

      const first = await react();
      expect(first.events).toHaveLength(1);
      expect(calls.get('events.read') ?? 0).toBe(0);
      expect(calls.get('events.append')).toBe(1);

      calls.clear();
      const again = await react(); // the same message, delivered again
      expect(again.events).toEqual([]);
      expect(calls.get('events.read')).toBe(1);
      expect(await h.store.read(stream)).toHaveLength(1);
      await site.projector.close(); // frees the checkpoint's lock for the next test's projector
    });

    it("When a writer appends, then the projection's lock is taken beside the append, not after it: the write waits for one round trip less", async () => {
      const { store, models, log } = counting(h.store, h.models);
      const write = writer(store, models);
      for (let i = 0; i < 3; i++) await write(`warm ${i}`, { newStream: true });
      // A quiet moment: the lock freed, and the projector's last steps after it done.
      expect(await lockHolderOnceQuiet(h.models)).toBeNull();
      await new Promise((r) => setTimeout(r, 100));
      log.splice(0);

      await write('beside', { newStream: true });

      const lockStarted = log.indexOf('start checkpoints.putIf');
      expect(lockStarted).toBeGreaterThanOrEqual(0);
      expect(lockStarted).toBeLessThan(log.indexOf('end events.append'));
      expect(log.indexOf('start write_path_notes.writeMany')).toBeGreaterThan(
        log.indexOf('end events.append'),
      );
    });

    it('When ten writers of one process write at once, then the projection applies the events they handed over, in position order, without reading the store, and they share their commands', async () => {
      const { store, models, calls } = counting(h.store, h.models);
      const write = writer(store, models);
      for (let i = 0; i < 3; i++) await write(`warm ${i}`, { newStream: true });
      // The warm-up's kept lock is freed first, so its freeing is not counted among the writers' commands.
      expect(await lockHolderOnceQuiet(h.models)).toBeNull();
      calls.clear();
      h.takeCommands();

      const texts = Array.from({ length: 10 }, (_, i) => `together ${i}`);
      await Promise.all(texts.map((text) => write(text, { newStream: true })));

      expect(calls.get('events.append')).toBe(10);
      expect(calls.get('events.readAll') ?? 0).toBe(0);
      expect(calls.get('events.lastPosition') ?? 0).toBe(0);
      // Each pass takes the lock and frees it, and sends its rows in one write; a pass applies every event handed
      // over by then, so ten writers need far fewer than ten passes.
      const passes = calls.get('write_path_notes.writeMany') ?? 0;
      expect(passes).toBeGreaterThanOrEqual(1);
      expect(passes).toBeLessThanOrEqual(4);
      // The lock is taken once and kept from pass to pass while writers are on their way: each pass then moves the
      // checkpoint only (and the lock is freed once they are done).
      expect(calls.get('checkpoints.putIf')).toBeLessThanOrEqual(passes + 2);
      // On a server, the appends share their commands too (one counter increment, one insert of commits, one of
      // position entries for those waiting together): ten writes alone would take 10 x 6.
      const sentTogether = h.takeCommands();
      expect(sentTogether.length).toBeLessThanOrEqual(Math.max(0, maxConcurrentCommands));
      const rows = await h.models.collection<Note>('write_path_notes').find();
      expect(rows.map((r) => r.text)).toEqual(expect.arrayContaining(texts));
      // Once the writers are done, the kept lock is freed: another process sharing the read models may apply next.
      expect(await lockHolderOnceQuiet(h.models)).toBeNull();
    });

    it('When a lone process writes one after another, then the lock is taken once, the checkpoint is written at most every 50 ms while writes go on, and once they stop it stands at the last event', async () => {
      const { store, models, calls } = counting(h.store, h.models);
      const write = writer(store, models);
      for (let i = 0; i < 3; i++) await write(`warm ${i}`, { newStream: true });
      await write.quiet();
      // A pass that applied events read from the store (another process's) makes a process share for a second.
      await new Promise((r) => setTimeout(r, 1000));
      calls.clear();

      const t0 = Date.now();
      let last = 0;
      for (let i = 0; i < 20; i++)
        last = (await write(`in a row ${i}`, { newStream: true })).events[0]!.position;
      const elapsed = Date.now() - t0;
      const during = calls.get('checkpoints.putIf') ?? 0;
      await write.quiet();

      // The lock once, then a write per 50 ms at most (two more allow for a stall that let it go between writes);
      // taking the lock and moving the checkpoint at every write would be 40.
      expect(during).toBeLessThanOrEqual(4 + Math.ceil(elapsed / 50));
      expect(calls.get('checkpoints.putIf')).toBeLessThan(20 * 2);
      const checkpoint = await h.models
        .collection<{ id: string; position: number; lockedBy?: string | null }>('checkpoints', {
          compareAndSet: true,
        })
        .get('projections');
      expect(checkpoint).toMatchObject({ position: last, lockedBy: null });
    });

    it("When a catch-up read is given the events its process appended, then it returns what a plain read returns, and looks up by position only the other writers' commits, all in one command (and no other)", async () => {
      const from = await h.store.lastPosition();
      const mine = new Map<number, StoredEvent>();
      const theirs: string[] = [];
      for (let i = 0; i < 6; i++) {
        const { events } = await h.store.append(`known-${runTag}-${i}`, 'no_stream', [
          { type: 'NoteWritten', data: { text: `known ${i}` } },
        ]);
        // Every other commit is this process's own; the others stand for a replica's.
        for (const e of events) {
          if (i % 2 === 0) mine.set(e.position, e);
          else theirs.push(String(e.position));
        }
      }
      h.takeCommands();
      const plain = await h.store.readAll(from, 100);
      const plainCommands = h.takeCommands();
      const plainLookups = positionLookups(plainCommands);
      // A second reader of this process (another projection) needs this process's own commits given, not read.
      const given = await h.store.readAll(from, 100, mine);
      const givenLookups = positionLookups(h.takeCommands());

      expect(given.map((e) => [e.position, e.streamId, e.data])).toEqual(
        plain.map((e) => [e.position, e.streamId, e.data]),
      );
      expect(given).toHaveLength(6);
      // On a server: the six commits in one lookup by key (of the positions from the reader's on: where the entries
      // stop is the end, not asked of the counter), and none of them again for the next reader (an embedded store
      // reads them all in one query and sends no command).
      const written = new Set([...[...mine.keys()].map(String), ...theirs]);
      const writtenIn = (lookups: string[][]) => lookups.flat().filter((id) => written.has(id));
      expect(plainLookups.length).toBeLessThanOrEqual(1);
      expect(writtenIn(plainLookups)).toHaveLength(plainLookups.length === 0 ? 0 : 6);
      expect(plainCommands.map((c) => `${c.name} ${c.collection ?? ''}`)).toEqual(
        plainLookups.map(() => 'find event_positions'),
      );
      expect(givenLookups.length).toBeLessThanOrEqual(1);
      expect(writtenIn(givenLookups)).toEqual([]);
      // After a moment, the reader with its own commits given looks up only the other writer's, in one command.
      await new Promise((r) => setTimeout(r, 2100));
      h.takeCommands();
      const later = await h.store.readAll(from, 100, mine);
      const laterLookups = positionLookups(h.takeCommands());
      expect(later.map((e) => e.position)).toEqual(plain.map((e) => e.position));
      expect(laterLookups.length).toBeLessThanOrEqual(1);
      if (plainLookups.length > 0) expect(writtenIn(laterLookups).sort()).toEqual([...theirs].sort());
    });

    it("When ten inserts are made at once (an inbox's records of a fetched batch), two of one id and one of an id already there, then each id keeps its first document, and on a server they go in one insert command, not an upsert each", async () => {
      const name = `write_path_inserts_${runTag}`;
      const rows = h.models.collection<{ id: string; n: number }>(name);
      await rows.insert({ id: 'there', n: -1 });
      h.takeCommands();
      await Promise.all([
        ...Array.from({ length: 8 }, (_, n) => rows.insert({ id: `i${n}`, n })),
        rows.insert({ id: 'i0', n: 99 }),
        rows.insert({ id: 'there', n: 100 }),
      ]);
      // (a server adapter may prefix the collection name)
      const sent = h.takeCommands().filter((c) => c.collection?.endsWith(name));

      expect(await rows.get('there')).toEqual({ id: 'there', n: -1 });
      expect((await rows.find({ sort: [{ field: 'n', dir: 'asc' }] })).map((r) => [r.id, r.n])).toEqual([
        ['there', -1],
        ...Array.from({ length: 8 }, (_, n) => [`i${n}`, n]),
      ]);
      expect(sent.length).toBeLessThanOrEqual(1);
      expect(sent.map((c) => c.name)).toEqual(sent.length === 0 ? [] : ['insert']);
    });
  });
}
