// The replicas contract (compare-and-set, leader lease, projections caught up by two processes) on both adapters:
// the embedded SQLite file opened twice, and MongoDB (a real server) through two connections.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from 'mongoose';
import { openSqlite, type SqliteDb } from '../../src/embedded/sqlite';
import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { connectMongo } from '../../src/adapters/mongo/connection';
import { MongoEventStore } from '../../src/adapters/mongo/mongo-event-store';
import { MongoReadModels } from '../../src/adapters/mongo/mongo-read-models';
import { replicasContract } from './replicas.suite';
import { runId, withRealServer } from './real-servers';

jest.setTimeout(60_000);

replicasContract('embedded sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), '12yards-replicas-'));
  const dbs: SqliteDb[] = [];
  return {
    async open() {
      const db = openSqlite(join(dir, 'svc.sqlite'));
      dbs.push(db);
      return { store: new SqliteEventStore(db), models: new SqliteReadModels(db) };
    },
    async cleanup() {
      for (const db of dbs) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

withRealServer('mongo', (env) => {
  let k = 0;
  replicasContract(
    'mongo',
    async () => {
      const dbName = `contract_replicas_${runId}_${++k}`;
      const conns: Connection[] = [];
      return {
        async open() {
          const conn = await connectMongo(env.MONGO_URL!, dbName);
          conns.push(conn);
          return { store: new MongoEventStore(conn), models: new MongoReadModels(conn) };
        },
        async cleanup() {
          await conns[0]?.dropDatabase().catch(() => undefined);
          for (const conn of conns) await conn.close();
        },
      };
    },
    { rows: 30, rounds: 10 },
  );
});
