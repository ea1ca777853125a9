import mongoose, { type Connection } from 'mongoose';
import { connectMongo } from '../../src/adapters/mongo/connection';
import { mongoKeyReader } from '../../src/privacy/foreign-keys';
import { MongoEventStore } from '../../src/adapters/mongo/mongo-event-store';
import { MongoSubjectKeyStore } from '../../src/privacy/mongo-subject-key-store';
import { subjectKeyStoreContract } from './subject-keys.suite';
import { runId, withRealServer } from './real-servers';

withRealServer('mongo', (env) => {
  const connections: Connection[] = [];
  let n = 0;
  afterAll(async () => {
    for (const c of connections) {
      await c.dropDatabase().catch(() => undefined);
      await c.close();
    }
  });

  subjectKeyStoreContract('mongo', async () => {
    const dbName = `contract_keys_${runId}_${++n}`;
    let lookups = 0;
    const open = async () => {
      const conn = await connectMongo(env.MONGO_URL!, dbName);
      connections.push(conn);
      return conn;
    };
    const counted = async () => {
      const conn = await mongoose
        .createConnection(env.MONGO_URL!, { dbName, monitorCommands: true })
        .asPromise();
      conn.getClient().on('commandStarted', (e) => {
        if (e.commandName === 'find') lookups++;
      });
      return conn;
    };
    const first = await open();
    return {
      open: async () => new MongoSubjectKeyStore(await open()),
      storedBytes: async () => {
        const docs = await first.db!.collection('subject_keys').find().toArray();
        // Every document's fields as stored: the binary's own bytes, the rest as text.
        return Buffer.concat(
          docs.flatMap((d) =>
            Object.values(d).map((v: unknown) =>
              v && typeof v === 'object' && 'buffer' in v
                ? Buffer.from((v as { buffer: Uint8Array }).buffer)
                : Buffer.from(String(v)),
            ),
          ),
        );
      },
      reader: async () => mongoKeyReader(counted),
      lookups: () => lookups,
      cleanup: async () => undefined,
    };
  });

  it("When new subjects' keys are made while the service's appends are on their way, then the keys wait for them and go in one insert: the lane keeps one write command of the service on its way at a time [mongo]", async () => {
    const conn = await mongoose
      .createConnection(env.MONGO_URL!, { dbName: `contract_keys_${runId}_lane`, monitorCommands: true })
      .asPromise();
    connections.push(conn);
    const events = new MongoEventStore(conn);
    const keys = new MongoSubjectKeyStore(conn);
    await events.append(`lane-warm-${runId}`, 'no_stream', [{ type: 'Warm', data: {} }]);
    const sent: string[] = [];
    const made: Promise<Buffer>[] = [];
    conn.getClient().on('commandStarted', (e) => {
      const command = e.command as Record<string, unknown>;
      const docs = (command.documents as unknown[] | undefined)?.length;
      sent.push(`${e.commandName} ${String(command[e.commandName])}${docs ? ` x${docs}` : ''}`);
      // A new subject's key is asked for at each command of the append.
      if (made.length < 3)
        made.push(keys.putIfAbsent(`lane-${made.length}-${runId}`, Buffer.alloc(60, made.length)));
    });
    await events.append(`lane-${runId}`, 'no_stream', [{ type: 'E', data: {} }]);
    await Promise.all(made);

    expect(sent).toEqual([
      'findAndModify counters',
      'insert events x1',
      'insert event_positions x1',
      'insert subject_keys x3',
    ]);
    expect(await keys.get(`lane-2-${runId}`)).toEqual(Buffer.alloc(60, 2));
  });
});
