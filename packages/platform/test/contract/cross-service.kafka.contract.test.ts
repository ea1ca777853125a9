// The partners and contracts services wired by createInfrastructure on MongoDB and Kafka: a contract created in
// one service promotes the partner in the other, and the only way between them is Kafka.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import mongoose from 'mongoose';
import { startService, type RunningService } from '../../src/runtime/service';
import { signedAs, testServiceEnv } from '../../src/testing';
import { serviceDatabaseName } from '../../src/adapters/mongo/connection';
import { partnersService } from '../../../../services/partners/src/definition';
import { createContractsService } from '../../../../services/contracts/src/definition';
import { validContract as contractFor } from '../../../../services/contracts/test/fixtures';
import { runId, withRealServer } from './real-servers';

const admin = () => signedAs({ username: 'ops', role: 'admin' });
const eventually = async <T>(fn: () => Promise<T | undefined>, ms = 45_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

withRealServer('kafka', (kafkaEnv) => {
  withRealServer('mongo', (mongoEnv) => {
    describe('Cross-service flow on real servers [mongo + kafka]', () => {
      jest.setTimeout(90_000);
      const url = new URL(mongoEnv.MONGO_URL!);
      url.pathname = `/flow_${runId}`;
      const env = testServiceEnv({ MONGO_URL: url.toString(), KAFKA_BROKERS: kafkaEnv.KAFKA_BROKERS });
      let partners: RunningService;
      let contracts: RunningService;
      let partnersServer: Server;

      beforeAll(async () => {
        partners = await startService(partnersService, env);
        partnersServer = partners.app.listen(0, '127.0.0.1');
        await new Promise((r) => partnersServer.once('listening', r));
        const partnersUrl = `http://127.0.0.1:${(partnersServer.address() as AddressInfo).port}`;
        contracts = await startService(createContractsService({ inProcessWorker: true, partnersUrl }), env);
      });
      afterAll(async () => {
        partnersServer?.closeAllConnections();
        partnersServer?.close();
        await contracts?.stop();
        await partners?.stop();
        for (const service of ['partners', 'contracts']) {
          const conn = await mongoose
            .createConnection(env.MONGO_URL!, { dbName: serviceDatabaseName(env.MONGO_URL!, service) })
            .asPromise();
          await conn.dropDatabase().catch(() => undefined);
          await conn.close();
        }
        env.cleanup();
      });

      it('When a contract is created for an applicant, then the partners service promotes it, through Kafka [kafka]', async () => {
        expect(partners.ctx.infra.kind).toMatchObject({ eventStore: 'mongo', bus: 'kafka' });
        expect(contracts.ctx.infra.kind).toMatchObject({ eventStore: 'mongo', bus: 'kafka' });
        const applied = await request(partners.app)
          .post('/api/partners')
          .send({
            name: 'Ann Lee',
            email: 'ann@riverside.example',
            type: 'club',
            organization: `Riverside FC ${runId}`,
            position: 'Chair',
            webAddress: 'https://riverside.example',
            targetMembers: '500',
            membershipType: 'paid',
            message: 'We would like to bring our fans',
          })
          .expect(201);
        const partnerId = applied.body.id as string;

        // The contracts service learns of the partner from the partners topic before it accepts a contract.
        const created = await eventually(async () => {
          const res = await request(contracts.app)
            .post('/api/admin/contracts')
            .use(admin())
            .send(contractFor(partnerId));
          return res.status === 201 ? res.body : undefined;
        });
        expect(created.partnerId).toBe(partnerId);

        const promoted = await eventually(async () => {
          const res = await request(partners.app)
            .get(`/api/admin/partners/${partnerId}`)
            .use(admin())
            .expect(200);
          return res.body.status === 'Partner' ? res.body : undefined;
        });
        expect(promoted).toMatchObject({ status: 'Partner', statusLocked: true, activeContracts: 1 });
      });

      it('When 20 applications are each followed at once by a contract, then all 20 are created and every partner is promoted [kafka]', async () => {
        const latencies: number[] = [];
        const statuses: number[] = [];
        for (let i = 0; i < 20; i++) {
          const applied = await request(partners.app)
            .post('/api/partners')
            .send({
              name: `Applicant ${i}`,
              email: `applicant${i}@fans.example`,
              type: 'club',
              organization: `Fans Club ${i} ${runId}`,
              position: 'Chair',
              message: 'We would like to partner',
            })
            .expect(201);
          const partnerId = applied.body.id as string;
          // At once, no retry: the contracts view has most likely not heard of the partner yet.
          const created = await request(contracts.app)
            .post('/api/admin/contracts')
            .use(admin())
            .send(contractFor(partnerId));
          statuses.push(created.status);
          if (created.status !== 201) continue;
          const start = performance.now();
          for (;;) {
            const res = await request(partners.app).get(`/api/admin/partners/${partnerId}`).use(admin());
            if (res.body.status === 'Partner') break;
            if (performance.now() - start > 30_000) throw new Error(`partner ${i} was never promoted`);
            await new Promise((r) => setTimeout(r, 5));
          }
          latencies.push(performance.now() - start);
        }
        expect(statuses).toEqual(Array(20).fill(201));
        const sorted = latencies.sort((a, b) => a - b);
        console.log(
          `contract right after application [mongo + kafka]: ${statuses.filter((s) => s === 201).length}/20 created; ` +
            `promotion p50 ${sorted[9]!.toFixed(0)} ms, p95 ${sorted[18]!.toFixed(0)} ms, max ${sorted[19]!.toFixed(0)} ms`,
        );
      });
    });
  });
});
