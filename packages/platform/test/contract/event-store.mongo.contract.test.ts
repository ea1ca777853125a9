import type { Connection } from 'mongoose';
import { connectMongo } from '../../src/adapters/mongo/connection';
import { MongoEventStore } from '../../src/adapters/mongo/mongo-event-store';
import { eventStoreContract } from './event-store.suite';
import { runId, withRealServer } from './real-servers';

withRealServer('mongo', (env) => {
  let conn: Promise<Connection> | undefined;
  const connection = () => (conn ??= connectMongo(env.MONGO_URL!, `contract_es_${runId}`));
  afterAll(async () => {
    if (!conn) return;
    const c = await conn;
    await c.dropDatabase().catch(() => undefined);
    await c.close();
  });

  eventStoreContract('mongo', async () => ({
    store: new MongoEventStore(await connection()),
    cleanup: async () => undefined,
  }));
});
