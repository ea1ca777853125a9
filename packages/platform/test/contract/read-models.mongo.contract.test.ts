import mongoose from 'mongoose';
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

  describe('ReadModels on MongoDB specifics [mongo]', () => {
    it('When puts of one collection come while one is on its way, then they go together in one command [mongo]', async () => {
      const conn = await mongoose
        .createConnection(env.MONGO_URL!, { dbName: `contract_rmg_${runId}`, monitorCommands: true })
        .asPromise();
      const items = new MongoReadModels(conn).collection<{ id: string; n: number }>('grouped');
      await items.put({ id: 'warm', n: 0 });
      const sent: string[] = [];
      const count = (e: { commandName: string }) => sent.push(e.commandName);
      conn.getClient().on('commandStarted', count);
      try {
        await Promise.all(Array.from({ length: 20 }, (_, n) => items.put({ id: `g${n}`, n })));
      } finally {
        conn.getClient().off('commandStarted', count);
      }
      // Twenty puts made at once: one command (two, should the first have gone before the others were made).
      expect(sent.filter((c) => c === 'update').length).toBeLessThanOrEqual(2);
      expect(await items.get('g19')).toEqual({ id: 'g19', n: 19 });
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
    });

    it('When a collection declares indexes, then MongoDB has them, each ending with _id [mongo]', async () => {
      const name = `indexed${runId}`;
      const items = new MongoReadModels(await connection()).collection<{
        id: string;
        at: string;
        kind: string;
      }>(name, { indexes: [['at'], ['kind', 'at']] });
      await items.find({ sort: [{ field: 'at', dir: 'desc' }] }); // waits for the index builds
      const keys = (await (await connection()).db!.collection(`rm_${name}`).listIndexes().toArray()).map(
        (ix) => ix.key as Record<string, number>,
      );
      expect(keys).toEqual(
        expect.arrayContaining([
          { at: 1, _id: 1 },
          { kind: 1, at: 1, _id: 1 },
        ]),
      );
      await items.clear();
    });

    it('When a filter or patch carries what the port does not offer, then it is refused before reaching MongoDB [mongo]', async () => {
      const items = new MongoReadModels(await connection()).collection<{ id: string; name: string }>(
        `guard${runId}`,
      );
      await items.put({ id: 'a', name: 'Alpha' });
      // As a filter value taken straight from a query string could look.
      await expect(items.find({ where: { name: { $regex: '.*' } as never } })).rejects.toThrow(
        /Unknown operator/,
      );
      await expect(items.find({ where: { name: { $where: 'true' } as never } })).rejects.toThrow(
        /Unknown operator/,
      );
      await expect(items.count({ ['name.x' as 'name']: 'Alpha' })).rejects.toThrow(/Invalid field name/);
      await expect(items.update('a', { ['$set' as 'name']: 'x' })).rejects.toThrow(/Invalid field name/);
      expect(await items.get('a')).toEqual({ id: 'a', name: 'Alpha' });
      await items.clear();
    });
  });
});
