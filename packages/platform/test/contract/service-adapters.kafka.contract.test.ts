// The real-server configuration (MongoDB and Kafka) with the job queue's Redis and the object store's MinIO
// configured but down: the status service uses neither, so it opens neither, needs no data folder, and its
// /readyz checks only the event store, the read models and the bus.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import mongoose from 'mongoose';
import { startService } from '../../src/runtime/service';
import { testServiceEnv } from '../../src/testing';
import { serviceDatabaseName } from '../../src/adapters/mongo/connection';
import { statusService } from '../../../../services/status/src/definition';
import { runId, withRealServer } from './real-servers';

withRealServer('kafka', (kafkaEnv) => {
  withRealServer('mongo', (mongoEnv) => {
    describe('Status on real servers without Redis or MinIO [mongo + kafka]', () => {
      jest.setTimeout(60_000);
      const url = new URL(mongoEnv.MONGO_URL!);
      url.pathname = `/adapters_${runId}`;
      const parent = mkdtempSync(join(tmpdir(), '12yards-adapters-'));
      const env = testServiceEnv({
        DATA_DIR: join(parent, 'never-made'),
        MONGO_URL: url.toString(),
        KAFKA_BROKERS: kafkaEnv.KAFKA_BROKERS,
        INFRA_NAMESPACE: `adapters-${runId}`,
        REDIS_URL: 'redis://127.0.0.1:1',
        MINIO_ENDPOINT: '127.0.0.1',
        MINIO_PORT: 1,
        MINIO_ACCESS_KEY: 'nobody',
        MINIO_SECRET_KEY: 'nobody-secret',
      });

      afterAll(async () => {
        const conn = await mongoose
          .createConnection(env.MONGO_URL!, { dbName: serviceDatabaseName(env.MONGO_URL!, 'status') })
          .asPromise();
        await conn.dropDatabase().catch(() => undefined);
        await conn.close();
        rmSync(parent, { recursive: true, force: true });
      });

      it('When Redis and MinIO point at nothing, then the status service starts, is ready and checks only its adapters', async () => {
        const svc = await startService(statusService, env);
        try {
          const res = await request(svc.app).get('/readyz');
          expect({ status: res.status, body: res.body }).toEqual({
            status: 200,
            body: { status: 'ready', checks: { eventStore: true, readModels: true, bus: true } },
          });
          expect(svc.ctx.infra.kind).toEqual({ eventStore: 'mongo', readModels: 'mongo', bus: 'kafka' });
          expect(existsSync(env.DATA_DIR)).toBe(false);
        } finally {
          await svc.stop();
        }
      });
    });
  });
});
