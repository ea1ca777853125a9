// Issue 26 item 5 on the real servers: every byte the product stores for a person, before and after their erasure.
// Kafka is required (the topics read from the start); MongoDB and MinIO are used and searched when they are there,
// else the services keep their store and files under DATA_DIR, which is searched instead (as it always is).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import mongoose from 'mongoose';
import { Kafka, logLevel } from 'kafkajs';
import * as Minio from 'minio';
import { startService, type RunningService } from '../../src/runtime/service';
import { createLogger } from '../../src/observability/logging';
import { signedAs, testServiceEnv } from '../../src/testing';
import { serviceDatabaseName } from '../../src/adapters/mongo/connection';
import { partnersService } from '../../../../services/partners/src/definition';
import { createContractsService } from '../../../../services/contracts/src/definition';
import { validContract } from '../../../../services/contracts/test/fixtures';
import { storedText } from '../../../../services/contracts/test/stored-text';
import { realEnv, runId, withRealServer } from './real-servers';

const admin = () => signedAs({ username: 'ops', role: 'admin' });
const person = {
  name: 'Ottoline Brackenbury',
  email: 'ottoline.b@moorside.example',
  phone: '+44 113 496 0942',
};

const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? filesUnder(path) : [path];
      })
    : [];
const countOf = (text: string, needle: string) => text.split(needle).length - 1;

/**
 * Whether a server's port answers (asked once, synchronously, before the suite is defined). A server configured but
 * down is used only when it answers: outside CI the suite then says so and keeps that data under DATA_DIR instead.
 */
function answers(host: string, port: number): boolean {
  try {
    execFileSync(
      process.execPath,
      [
        '-e',
        `const s=require('net').connect(${port},${JSON.stringify(host)});s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),2000)`,
      ],
      { stdio: 'ignore', timeout: 5_000 },
    );
    return true;
  } catch {
    return false;
  }
}
function ifAnswering(
  env: Record<string, string> | null,
  host: () => string,
  port: () => number,
  name: string,
) {
  if (!env) return null;
  if (answers(host(), port())) return env;
  if (process.env.CI === 'true') throw new Error(`${name} is configured but does not answer`);
  process.stderr.write(
    `\n[privacy proof] ${name.toUpperCase()} CONFIGURED BUT NOT ANSWERING: searched under DATA_DIR instead\n`,
  );
  return null;
}

withRealServer('kafka', (kafkaEnv) => {
  describe('The proof on the real servers: no byte of an erased person in MongoDB, Kafka, MinIO or DATA_DIR [kafka]', () => {
    jest.setTimeout(180_000);
    const mongoEnv = ifAnswering(
      realEnv('mongo'),
      () => new URL(process.env.MONGO_URL!).hostname,
      () => Number(new URL(process.env.MONGO_URL!).port || 27017),
      'mongo',
    );
    const minioEnv = ifAnswering(
      realEnv('minio'),
      () => process.env.MINIO_ENDPOINT!,
      () => Number(process.env.MINIO_PORT),
      'minio',
    );
    const namespace = `proof${runId}`;
    const mongoUrl = (() => {
      if (!mongoEnv) return undefined;
      const url = new URL(mongoEnv.MONGO_URL!);
      url.pathname = `/proof_${runId}`;
      return url.toString();
    })();
    const bucket = `proof-${runId}`.toLowerCase();
    const env = testServiceEnv({
      KAFKA_BROKERS: kafkaEnv.KAFKA_BROKERS,
      INFRA_NAMESPACE: namespace,
      ...(mongoUrl && { MONGO_URL: mongoUrl }),
      ...(minioEnv && {
        MINIO_ENDPOINT: minioEnv.MINIO_ENDPOINT,
        MINIO_PORT: Number(minioEnv.MINIO_PORT),
        MINIO_USE_SSL: minioEnv.MINIO_USE_SSL === 'true',
        MINIO_ACCESS_KEY: minioEnv.MINIO_ACCESS_KEY,
        MINIO_SECRET_KEY: minioEnv.MINIO_SECRET_KEY,
        MINIO_BUCKET: bucket,
      }),
    });
    const kafka = new Kafka({
      clientId: `proof-${runId}`,
      brokers: kafkaEnv.KAFKA_BROKERS!.split(','),
      logLevel: logLevel.NOTHING,
    });
    /** Every log line of the run (both services at trace level, as the gateway's proof keeps them). */
    const logs: string[] = [];
    const logger = (name: string) =>
      createLogger(name, 'trace', { write: (line: string) => void logs.push(line) });
    let partners: RunningService;
    let contracts: RunningService;
    let partnersServer: Server;

    beforeAll(async () => {
      partners = await startService(partnersService, env, { logger: logger('partners') });
      partnersServer = partners.app.listen(0, '127.0.0.1');
      await new Promise((r) => partnersServer.once('listening', r));
      const partnersUrl = `http://127.0.0.1:${(partnersServer.address() as AddressInfo).port}`;
      contracts = await startService(createContractsService({ inProcessWorker: true, partnersUrl }), env, {
        logger: logger('contracts'),
      });
    });
    afterAll(async () => {
      partnersServer?.closeAllConnections();
      partnersServer?.close();
      await contracts?.stop();
      await partners?.stop();
      if (mongoUrl)
        for (const service of ['partners', 'contracts']) {
          const conn = await mongoose
            .createConnection(mongoUrl, { dbName: serviceDatabaseName(mongoUrl, service) })
            .asPromise();
          await conn.dropDatabase().catch(() => undefined);
          await conn.close();
        }
      env.cleanup();
    });

    /** Every document of every collection of both services' databases, as text. */
    async function mongoBytes(): Promise<string> {
      if (!mongoUrl) return '';
      const parts: string[] = [];
      for (const service of ['partners', 'contracts']) {
        const conn = await mongoose
          .createConnection(mongoUrl, { dbName: serviceDatabaseName(mongoUrl, service) })
          .asPromise();
        try {
          for (const { name } of await conn.db!.listCollections().toArray())
            for (const doc of await conn.db!.collection(name).find({}).toArray())
              parts.push(JSON.stringify(doc), Buffer.from(JSON.stringify(doc)).toString('latin1'));
        } finally {
          await conn.close();
        }
      }
      return parts.join('\n');
    }

    /** Every message of this run's topics, read from the start (keys, values and headers). */
    async function kafkaBytes(): Promise<string> {
      const kafkaAdmin = kafka.admin();
      await kafkaAdmin.connect();
      const topics = (await kafkaAdmin.listTopics()).filter((t) => t.startsWith(`${namespace}.`));
      const ends = new Map<string, number>();
      for (const topic of topics)
        for (const p of await kafkaAdmin.fetchTopicOffsets(topic))
          if (Number(p.high) > 0) ends.set(`${topic}/${p.partition}`, Number(p.high));
      await kafkaAdmin.disconnect();
      if (ends.size === 0) return '';
      const parts: string[] = [];
      const consumer = kafka.consumer({ groupId: `proof-reader-${runId}-${Date.now()}` });
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      const read = new Set<string>();
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the topics were not read to their end')), 60_000);
        void consumer.run({
          eachMessage: async ({ topic, partition, message }) => {
            parts.push(
              message.key?.toString('latin1') ?? '',
              message.value?.toString('latin1') ?? '',
              JSON.stringify(message.headers ?? {}),
            );
            const at = `${topic}/${partition}`;
            if (Number(message.offset) + 1 >= (ends.get(at) ?? 0)) read.add(at);
            if ([...ends.keys()].every((k) => read.has(k))) {
              clearTimeout(timer);
              resolve();
            }
          },
        });
      });
      await consumer.disconnect();
      return parts.join('\n');
    }

    /** Every object of this run's bucket. */
    async function minioBytes(): Promise<string> {
      if (!minioEnv) return '';
      const client = new Minio.Client({
        endPoint: minioEnv.MINIO_ENDPOINT!,
        port: Number(minioEnv.MINIO_PORT),
        useSSL: minioEnv.MINIO_USE_SSL === 'true',
        accessKey: minioEnv.MINIO_ACCESS_KEY!,
        secretKey: minioEnv.MINIO_SECRET_KEY!,
      });
      if (!(await client.bucketExists(bucket))) return '';
      const names: string[] = [];
      for await (const item of client.listObjectsV2(bucket, '', true)) names.push(item.name);
      const parts: string[] = [];
      for (const name of names) {
        const chunks: Buffer[] = [];
        for await (const chunk of await client.getObject(bucket, name)) chunks.push(chunk as Buffer);
        parts.push(name, storedText(Buffer.concat(chunks)));
      }
      return parts.join('\n');
    }

    const diskBytes = () =>
      filesUnder(env.DATA_DIR)
        .map((f) => storedText(readFileSync(f)))
        .join('\n');

    async function everything() {
      return {
        mongo: await mongoBytes(),
        kafka: await kafkaBytes(),
        minio: await minioBytes(),
        disk: diskBytes(),
        logs: logs.join(''),
      };
    }
    const counts = (where: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(where).map(([place, text]) => [
          place,
          Object.fromEntries(Object.entries(person).map(([k, v]) => [k, countOf(text, v)])),
        ]),
      );

    it('When a person who applied, wrote and is a contract client is erased, then none of their email, name or phone is left anywhere; before, they were there', async () => {
      const partner = (
        await request(partners.app)
          .post('/api/partners')
          .send({
            name: person.name,
            email: person.email,
            type: 'club',
            organization: 'Moorside Rovers',
            position: 'Chair',
            targetMembers: '300',
            membershipType: 'paid',
            message: 'Please call',
          })
          .expect(201)
      ).body as { id: string };
      await request(partners.app)
        .post('/api/contacts')
        .send({ name: person.name, email: person.email, subject: 'Tickets', message: 'Hello' })
        .expect(201);
      const contract = (
        await request(contracts.app)
          .post('/api/admin/contracts')
          .use(admin())
          .send({
            ...validContract(partner.id),
            clientName: person.name,
            clientEmail: person.email,
            clientTelephone: person.phone,
          })
          .expect(201)
      ).body as { id: string };
      const generated = await request(contracts.app)
        .post(`/api/admin/contracts/${contract.id}/generate-document`)
        .use(admin())
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect([200, 202]).toContain(generated.status);
      if (generated.status === 202) {
        // Still being filled in on a loaded machine: wait for the job.
        const statusUrl = String(generated.headers.location);
        for (const end = Date.now() + 90_000; ;) {
          const job = (await request(contracts.app).get(statusUrl).use(admin()).expect(200)).body as {
            state: string;
          };
          if (job.state === 'completed') break;
          if (job.state === 'failed' || Date.now() > end) throw new Error(`document job ${job.state}`);
          await new Promise((r) => setTimeout(r, 500));
        }
      }
      // The relays publish within a second or two.
      await new Promise((r) => setTimeout(r, 3_000));

      const seen = await everything();
      // The topics were read (the partner's id, which is no personal data, travels on them), and the document is stored.
      expect(seen.kafka).toContain(partner.id);
      const document = `contract-documents/${contract.id}/`;
      const documentsBefore =
        countOf(minioEnv ? seen.minio : seen.disk, document) + countOf(seen.mongo, document);
      expect(documentsBefore).toBeGreaterThan(0);
      const before = counts(seen);
      const total = (c: ReturnType<typeof counts>, key: keyof typeof person) =>
        Object.values(c).reduce((n, place) => n + place[key]!, 0);
      for (const key of ['name', 'email', 'phone'] as const) expect(total(before, key)).toBeGreaterThan(0);
      // The generated document names the client (read inside the .docx): the bucket's search can fail too.
      expect(minioEnv ? before.minio!.name : before.disk!.name).toBeGreaterThan(0);

      const started = Date.now();
      for (const app of [partners.app, contracts.app])
        await request(app)
          .post('/internal/privacy/erasure')
          .use(admin())
          .send({ email: person.email })
          .expect(200);
      const took = Date.now() - started;
      await new Promise((r) => setTimeout(r, 3_000)); // what the erasure published, relayed

      const left = await everything();
      const after = counts(left);
      // The generated document itself is gone (its name is still in the events, as history: not personal data).
      if (minioEnv) expect(countOf(left.minio, document)).toBe(0);
      console.log(
        `privacy proof on real servers (mongo ${mongoUrl ? 'yes' : 'no, SQLite'}, kafka yes, minio ${minioEnv ? 'yes' : 'no, files'}): erasure ${took} ms; document objects before ${documentsBefore}; before ${JSON.stringify(before)}; after ${JSON.stringify(after)}`,
      );
      for (const key of ['name', 'email', 'phone'] as const) expect(total(after, key)).toBe(0);
    });
  });
});
