// Issue 18, done when: two processes of the contracts service on the same data (MongoDB and Kafka, real servers),
// exactly one runs the expiry sweep and the outbox relay; SIGKILL it and the other takes over within 10 s. The
// processes run services/contracts/src/main.ts as `npm start` runs a service, with the default lease settings, in
// a namespace of their own (database, topics, groups). The partners service they ask is a fixed HTTP answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { serviceDatabaseName } from '../../src/adapters/mongo/connection';
import { REQUEST_ID_HEADER, signIdentity } from '../../src/http/identity';
import { TEST_SECRET } from '../../src/testing';
import { validContract } from '../../../../services/contracts/test/fixtures';
import { sampleValue } from '../support/prometheus';
import { runId, withRealServer } from './real-servers';

const root = resolve(__dirname, '../../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HANDOVER_LIMIT_MS = 10_000;

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function until<T>(label: string, fn: () => Promise<T | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${label}`);
    await sleep(100);
  }
}

interface Replica {
  name: string;
  port: number;
  child: ChildProcess;
  log: string[];
}

/** The figures of one process's /metrics that say what it runs. */
async function figures(r: Replica) {
  const res = await fetch(`http://127.0.0.1:${r.port}/metrics`, { signal: AbortSignal.timeout(2000) });
  const text = await res.text();
  const labels = { service: 'contracts' };
  return {
    leader: sampleValue(text, 'leader', labels),
    published: sampleValue(text, 'events_published_total', labels) ?? 0,
    sweeps: sampleValue(text, 'contract_expiry_sweeps_total', {}) ?? 0,
  };
}

async function call(r: Replica, method: string, path: string, body?: unknown) {
  const requestId = randomUUID();
  const res = await fetch(`http://127.0.0.1:${r.port}${path}`, {
    method,
    headers: {
      [REQUEST_ID_HEADER]: requestId,
      ...signIdentity({ username: 'ops', role: 'admin' }, TEST_SECRET, { method, url: path, requestId }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A contract that ended before today: the leader's next sweep ends it. */
const pastDue = (partnerId: string) => ({
  ...validContract(partnerId),
  startDate: '2020-01-01',
  endDate: '2020-12-31',
});

withRealServer('kafka', (kafkaEnv) => {
  withRealServer('mongo', (mongoEnv) => {
    describe('Contracts on two processes over the same data [mongo + kafka]', () => {
      jest.setTimeout(180_000);
      const namespace = `leader-${runId}`.slice(0, 40);
      const url = new URL(mongoEnv.MONGO_URL!);
      url.pathname = `/leader_${runId}`;
      const dir = mkdtempSync(join(tmpdir(), '12yards-leader-'));
      const replicas: Replica[] = [];
      let partners: Server;

      const spawnReplica = async (name: string, partnersUrl: string): Promise<Replica> => {
        const port = await freePort();
        const child = spawn(process.execPath, ['--import', 'tsx', 'services/contracts/src/main.ts'], {
          cwd: root,
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            NODE_ENV: 'test',
            LOG_LEVEL: 'info',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: join(dir, name),
            INTERNAL_SECRET: TEST_SECRET,
            MONGO_URL: url.toString(),
            KAFKA_BROKERS: kafkaEnv.KAFKA_BROKERS,
            INFRA_NAMESPACE: namespace,
            PARTNERS_URL: partnersUrl,
            DOCUMENT_WORKER: 'in-process',
            CONTRACT_EXPIRY_SWEEP_MS: '1000',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const replica: Replica = { name, port, child, log: [] };
        child.stdout!.on('data', (b: Buffer) => replica.log.push(b.toString()));
        child.stderr!.on('data', (b: Buffer) => replica.log.push(b.toString()));
        replicas.push(replica);
        return replica;
      };

      beforeAll(async () => {
        // The partners service's admin GET, as contracts asks it to confirm a partner.
        partners = createServer((req, res) => {
          const id = decodeURIComponent(req.url!.split('/').pop()!);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id,
              name: 'Leeds Fans',
              type: 'club',
              email: 'fans@example.com',
              status: 'Approved',
              statusLocked: false,
              activeContracts: 0,
              createdAt: '2026-01-01T00:00:00.000Z',
              version: 1,
            }),
          );
        });
        await new Promise<void>((r) => partners.listen(0, '127.0.0.1', r));
        const partnersUrl = `http://127.0.0.1:${(partners.address() as AddressInfo).port}`;
        await spawnReplica('a', partnersUrl);
        await spawnReplica('b', partnersUrl);
        for (const r of replicas) {
          await until(
            `contracts process ${r.name} to answer (log: ${r.log.join('').slice(-2000)})`,
            async () => (await fetch(`http://127.0.0.1:${r.port}/readyz`)).ok,
            90_000,
          );
        }
      });

      afterAll(async () => {
        for (const r of replicas) {
          if (r.child.exitCode === null && r.child.signalCode === null) {
            r.child.kill('SIGTERM');
            await new Promise((done) => r.child.once('exit', done));
          }
        }
        partners?.close();
        const conn = await mongoose
          .createConnection(url.toString(), { dbName: serviceDatabaseName(url.toString(), 'contracts') })
          .asPromise();
        await conn.dropDatabase().catch(() => undefined);
        await conn.close();
        rmSync(dir, { recursive: true, force: true });
      });

      it('When two processes run, then exactly one runs the sweep and the relay; when it is killed, the other takes both over within 10 s', async () => {
        // Exactly one leads, and keeps leading while both live.
        await until(
          'a leader',
          async () => (await Promise.all(replicas.map(figures))).some((f) => f.leader === 1),
          15_000,
        );
        for (let i = 0; i < 5; i++) {
          const leaders = (await Promise.all(replicas.map(figures))).map((f) => f.leader);
          expect(leaders.sort()).toEqual([0, 1]);
          await sleep(700);
        }
        const [first] = await Promise.all(replicas.map(figures));
        const leader = first!.leader === 1 ? replicas[0]! : replicas[1]!;
        const follower = leader === replicas[0] ? replicas[1]! : replicas[0]!;

        // A contract written through the follower is published by the leader's relay, and ended by its sweep.
        const before = { leader: await figures(leader), follower: await figures(follower) };
        const created = await call(follower, 'POST', '/api/admin/contracts', pastDue(`p-${runId}-1`));
        expect(created.status).toBe(201);
        const id = created.body.id as string;
        await until(
          'the leader to publish the follower’s events and end the contract',
          async () =>
            (await figures(leader)).published >= before.leader.published + 2 &&
            (await call(follower, 'GET', `/api/admin/contracts/${id}`)).body.endedAt,
          20_000,
        );
        await sleep(2500); // a few of the follower's sweep intervals and relay polls
        const [l, f] = [await figures(leader), await figures(follower)];
        expect(l.sweeps).toBeGreaterThan(before.leader.sweeps);
        expect(f).toEqual({ leader: 0, published: 0, sweeps: 0 });

        // SIGKILL: no release, so the follower takes over when the lease runs out.
        const killedAt = Date.now();
        leader.child.kill('SIGKILL');
        await until('the follower to lead', async () => (await figures(follower)).leader === 1, 20_000);
        const handoverMs = Date.now() - killedAt;
        process.stdout.write(
          `  leader handover after SIGKILL: ${handoverMs} ms (limit ${HANDOVER_LIMIT_MS} ms)\n`,
        );
        expect(handoverMs).toBeLessThan(HANDOVER_LIMIT_MS);

        // The survivor now relays and sweeps: its own new contract is published and ended.
        const again = await call(follower, 'POST', '/api/admin/contracts', pastDue(`p-${runId}-2`));
        expect(again.status).toBe(201);
        await until(
          'the survivor to publish and end the new contract',
          async () => {
            const now = await figures(follower);
            return (
              now.published >= 2 &&
              now.sweeps > 0 &&
              (await call(follower, 'GET', `/api/admin/contracts/${again.body.id as string}`)).body.endedAt
            );
          },
          20_000,
        );
      });
    });
  });
});
