import mongoose, { type Connection } from 'mongoose';
import { connectMongo } from '../../src/adapters/mongo/connection';
import { mongoKeyReader } from '../../src/privacy/foreign-keys';
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
});
