import type { Connection } from 'mongoose';
import { connectMongo } from '../../src/adapters/mongo/connection';
import { MongoReadModels } from '../../src/adapters/mongo/mongo-read-models';
import { readModelsContract } from './read-models.suite';
import { runId, withRealServer } from './real-servers';

withRealServer('mongo', (env) => {
  let conn: Promise<Connection> | undefined;
  const connection = () => (conn ??= connectMongo(env.MONGO_URL!, `contract_rm_${runId}`));
  afterAll(async () => {
    if (!conn) return;
    const c = await conn;
    await c.dropDatabase().catch(() => undefined);
    await c.close();
  });

  readModelsContract('mongo', async () => ({
    models: new MongoReadModels(await connection()),
    cleanup: async () => undefined,
  }));
});
