import mongoose from 'mongoose';
import { MongoEventStore } from '../../src/adapters/mongo/mongo-event-store';
import { MongoReadModels } from '../../src/adapters/mongo/mongo-read-models';
import { runId, withRealServer } from './real-servers';
import { writePathContract, type SentCommand } from './write-path.suite';

/** The keys a command selects documents by, for the commands that select. */
function filterKeys(command: Record<string, unknown>): string[] | undefined {
  const first = (list: unknown) => (Array.isArray(list) ? (list[0] as { q?: object }).q : undefined);
  const filter = (command.filter ?? command.query ?? first(command.updates) ?? first(command.deletes)) as
    object | undefined;
  return filter && Object.keys(filter);
}

/** A command as the suite sees it: its name, the collection it names, what it selects by and which ids. */
function described(name: string, command: Record<string, unknown>): SentCommand {
  const filter = (command.filter ?? command.query) as { _id?: unknown } | undefined;
  const id = filter?._id as string | { $in?: string[] } | undefined;
  return {
    name,
    collection: typeof command[name] === 'string' ? (command[name] as string) : undefined,
    filterKeys: filterKeys(command),
    ids: typeof id === 'string' ? [id] : id?.$in,
  };
}

withRealServer('mongo', (env) => {
  // One append and its projection, in commands: the stream's next commit looked up (1); the position counter, the
  // commit and its position entry (3); the checkpoint's lock and move (2); the row (1). The projection applies the
  // events the append handed back: nothing is read back by position. Writers at once share those commands.
  writePathContract(
    'mongo',
    async () => {
      const conn = await mongoose
        .createConnection(env.MONGO_URL!, { dbName: `contract_wp_${runId}`, monitorCommands: true })
        .asPromise();
      const sent: SentCommand[] = [];
      conn.getClient().on('commandStarted', (e) => {
        if (['hello', 'isMaster', 'ping', 'endSessions'].includes(e.commandName)) return;
        sent.push(described(e.commandName, e.command as Record<string, unknown>));
      });
      return {
        store: new MongoEventStore(conn),
        models: new MongoReadModels(conn),
        takeCommands: () => sent.splice(0),
        cleanup: async () => {
          await conn.dropDatabase().catch(() => undefined);
          await conn.close();
        },
      };
    },
    7,
    // Ten at once: measured 6 (one counter increment, one insert of commits, one of position entries, the lock,
    // the rows, the checkpoint); twice that allows for the writes arriving in two batches.
    12,
  );

  describe('Checkpoints shared by replicas [mongo]', () => {
    type Checkpoint = { id: string; position: number };
    /** Two processes' connections to one database (commands monitored), each with the checkpoint collection. */
    async function twoProcesses(db: string, collection: string) {
      const open = () =>
        mongoose
          .createConnection(env.MONGO_URL!, { dbName: `${db}_${runId}`, monitorCommands: true })
          .asPromise();
      const conns = await Promise.all([open(), open()]);
      const [a, b] = conns.map((c) =>
        new MongoReadModels(c).collection<Checkpoint>(collection, { compareAndSet: true }),
      );
      const close = async () => {
        await conns[0]!.dropDatabase().catch(() => undefined);
        await Promise.all(conns.map((c) => c.close()));
      };
      return { conns, a: a!, b: b!, close };
    }

    it('When another process moved the checkpoint since this one read it, then one lookup by key finds where it stands now', async () => {
      const { conns, a, b, close } = await twoProcesses('contract_wpn', 'moved_checkpoints');
      let finds = 0;
      conns[0]!.getClient().on('commandStarted', (e) => {
        if (e.commandName === 'find') finds++;
      });
      try {
        await a.putIf({ id: 'cp', position: 0 }, null);
        for (const moves of [1, 3, 6]) {
          for (let i = 0; i < moves; i++) {
            const now = (await b.get('cp'))!.position;
            expect(await b.putIf({ id: 'cp', position: now + 1 }, { position: now })).toBe(true);
          }
          finds = 0;
          const seen = await a.get('cp');
          const stands = (await b.get('cp'))!.position;
          expect(seen).toEqual({ id: 'cp', position: stands });
          // Up to four revisions on from the one it knew come in one lookup; six take two.
          expect(finds).toBe(moves <= 3 ? 1 : 2);
        }
      } finally {
        await close();
      }
    });

    it('When two processes keep racing for the same checkpoint, then the loser catches up by key: no command reads the revisions by query', async () => {
      const { conns, a, b, close } = await twoProcesses('contract_wpr', 'race_checkpoints');
      const sent: SentCommand[] = [];
      let counting = false;
      for (const conn of conns)
        conn.getClient().on('commandStarted', (e) => {
          if (counting && ['find', 'update', 'delete', 'findAndModify'].includes(e.commandName))
            sent.push({ name: e.commandName, filterKeys: filterKeys(e.command as Record<string, unknown>) });
        });
      try {
        await a.putIf({ id: 'cp', position: 0 }, null);
        let wins = 0;
        for (let round = 0; round < 12; round++) {
          if (round === 2) counting = true; // after each has read the checkpoint once
          const [x, y] = await Promise.all(
            [a, b].map(async (cp) => {
              const now = (await cp.get('cp'))!.position;
              return cp.putIf({ id: 'cp', position: now + 1 }, { position: now });
            }),
          );
          wins += Number(x) + Number(y);
        }
        expect((await a.get('cp'))!.position).toBe(wins);
        expect(sent.filter((c) => c.filterKeys && c.filterKeys.join() !== '_id')).toEqual([]);
      } finally {
        await close();
      }
    });
  });
});
