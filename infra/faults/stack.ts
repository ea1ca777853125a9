// The product on the real servers of infra/local, started by `scripts/start.mjs` in a namespace of its own (its
// own MongoDB databases, Kafka topics and groups, BullMQ keys and MinIO bucket), so a fault run shares nothing with
// a `npm run start:real` on the same machine. Requests go straight to a service, signed as the gateway signs them.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MongoClient } from 'mongodb';
import { REQUEST_ID_HEADER, signIdentity } from '@12yards/platform';
import { connectionEnv } from '../local/infra.mjs';

export const root = resolve(__dirname, '..', '..');
const SERVICES = ['status', 'content', 'partners', 'contracts', 'media'] as const;
export type Service = (typeof SERVICES)[number];

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The JSON answers the scenarios look at (a partner, a contract, a job, an error), loosely. */
export interface Body {
  id: string;
  partnerId: string;
  status: string;
  state: string;
  activeContracts: number;
  error?: { code?: string; message?: string };
  [key: string]: unknown;
}

export interface Reply {
  status: number;
  body: Body;
  ms: number;
  /** The Retry-After header, when the answer had one. */
  retryAfter?: string;
}

export interface Stack {
  namespace: string;
  port: number;
  logFile: string;
  call(service: Service, method: string, path: string, body?: unknown, timeoutMs?: number): Promise<Reply>;
  upload(name: string, bytes: Buffer, type: string): Promise<Reply>;
  /** The pids of this stack's processes of one service (found by the namespace in their environment). */
  pids(service: Service | 'gateway'): number[];
  /** JSON log lines of this stack matching a message. */
  logLines(msg: string): Record<string, unknown>[];
  db(service: Service): ReturnType<MongoClient['db']>;
  stop(): Promise<void>;
}

/** A write retried on 503 as its answer's Retry-After says: the answers in turn, the last one final. */
export interface Retried {
  final: Reply;
  /** The 503 answers before the final one. */
  unavailable: Reply[];
  /** From the first try to the final answer. */
  ms: number;
}

/**
 * Sends a request again after each 503 (waiting Retry-After seconds, 1 s when absent) until another answer or
 * the deadline, as a careful client would (the admin app shows the 503's message and the admin tries again).
 */
export async function retryOn503(send: () => Promise<Reply>, deadlineMs = 120_000): Promise<Retried> {
  const t0 = Date.now();
  const unavailable: Reply[] = [];
  for (;;) {
    const reply = await send();
    if (reply.status !== 503 || Date.now() - t0 > deadlineMs)
      return { final: reply, unavailable, ms: Date.now() - t0 };
    unavailable.push(reply);
    const after = Number(reply.retryAfter);
    await sleep(Number.isFinite(after) && after > 0 ? after * 1000 : 1000);
  }
}

/** Polls until fn returns a truthy value; throws after timeoutMs with the label. */
export async function until<T>(
  label: string,
  fn: () => Promise<T | false | null | undefined>,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${label}`);
    await sleep(everyMs);
  }
}

export async function startStack(options: {
  port: number;
  replicas?: string;
  label: string;
}): Promise<Stack> {
  const namespace = `${options.label}-${randomBytes(3).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), `12yards-${options.label}-`));
  const secret = randomBytes(32).toString('base64url');
  const infra = connectionEnv() as Record<string, string>;
  const mongoUrl = infra.MONGO_URL!.replace(/\/[^/]*$/, `/${namespace.replace(/-/g, '_')}`);
  const env = {
    ...process.env,
    ...infra,
    MONGO_URL: mongoUrl,
    MINIO_BUCKET: namespace,
    INFRA_NAMESPACE: namespace,
    INTERNAL_SECRET: secret,
    DATA_DIR: join(dir, 'data'),
    PORT: String(options.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    DOCUMENT_WORKER: 'in-process',
    ADMIN_USERNAME: 'faults-admin',
    ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
    SCRYPT_N: '16384',
  };
  const logFile = join(dir, 'stack.log');
  const out = createWriteStream(logFile);
  const args = [
    join(root, 'scripts/start.mjs'),
    ...(options.replicas ? ['--replicas', options.replicas] : []),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  let exited = false;
  child.on('exit', () => (exited = true));

  const servicePort = (s: Service) => options.port + 21 + SERVICES.indexOf(s);
  const started = Date.now();
  await until(
    'the stack to be ready',
    async () => {
      if (exited) throw new Error(`start.mjs exited; see ${logFile}`);
      return readFileSync(logFile, 'utf8').includes('12Yards is running at');
    },
    240_000,
    250,
  ).catch((err) => {
    if (exited) throw new Error(`start.mjs exited before ready; see ${logFile}`);
    throw err;
  });
  process.stdout.write(`  stack ${namespace} ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

  const mongo = new MongoClient(mongoUrl, { directConnection: true, serverSelectionTimeoutMS: 30_000 });

  const signed = (method: string, url: string) => {
    const requestId = randomUUID();
    return {
      [REQUEST_ID_HEADER]: requestId,
      ...signIdentity({ username: 'faults-admin', role: 'admin' }, secret, { method, url, requestId }),
    };
  };

  const reply = async (res: Response, t0: number): Promise<Reply> => {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    const retryAfter = res.headers.get('retry-after') ?? undefined;
    return { status: res.status, body: body as Body, ms: Date.now() - t0, retryAfter };
  };

  return {
    namespace,
    port: options.port,
    logFile,
    async call(service, method, path, body, timeoutMs = 30_000) {
      const t0 = Date.now();
      try {
        const res = await fetch(`http://127.0.0.1:${servicePort(service)}${path}`, {
          method,
          headers: {
            ...signed(method, path),
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        return await reply(res, t0);
      } catch (err) {
        // No answer at all (refused, reset, timed out) is status 0: the figures count it as not acknowledged.
        return {
          status: 0,
          body: { message: String((err as Error).cause ?? err) } as unknown as Body,
          ms: Date.now() - t0,
        };
      }
    },
    async upload(name, bytes, type) {
      const t0 = Date.now();
      const form = new FormData();
      form.append('file', new Blob([bytes], { type }), name);
      try {
        const res = await fetch(`http://127.0.0.1:${servicePort('media')}/api/admin/upload`, {
          method: 'POST',
          headers: signed('POST', '/api/admin/upload'),
          body: form,
          signal: AbortSignal.timeout(30_000),
        });
        return await reply(res, t0);
      } catch (err) {
        return {
          status: 0,
          body: { message: String((err as Error).cause ?? err) } as unknown as Body,
          ms: Date.now() - t0,
        };
      }
    },
    pids(service) {
      const script = service === 'gateway' ? 'gateway/dist/main.js' : `services/${service}/dist/main.js`;
      const found: number[] = [];
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
          if (!cmd.includes(script)) continue;
          if (
            readFileSync(`/proc/${entry}/environ`, 'utf8')
              .split('\0')
              .includes(`INFRA_NAMESPACE=${namespace}`)
          )
            found.push(Number(entry));
        } catch {}
      }
      return found;
    },
    logLines(msg) {
      return readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('{') && l.includes(msg))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.msg === msg);
    },
    db(service) {
      return mongo.db(`${namespace.replace(/-/g, '_')}_${service}`);
    },
    async stop() {
      child.kill('SIGTERM');
      await until('start.mjs to stop', async () => exited, 20_000).catch(() => child.kill('SIGKILL'));
      await mongo.close().catch(() => undefined);
      // The namespace's data: databases, bucket objects stay small; drop the databases.
      const admin = new MongoClient(mongoUrl, { directConnection: true, serverSelectionTimeoutMS: 5000 });
      try {
        for (const s of [...SERVICES, 'gateway'])
          await admin.db(`${namespace.replace(/-/g, '_')}_${s}`).dropDatabase();
      } catch {}
      await admin.close().catch(() => undefined);
      if (!process.env.FAULTS_KEEP_LOGS) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How many times each contract promoted its partner, from the partners service's event store. */
export async function promotionsByContract(stack: Stack): Promise<Map<string, number>> {
  const rows = await stack
    .db('partners')
    .collection('events')
    .aggregate<{ _id: string; n: number }>([
      { $unwind: '$events' },
      { $match: { 'events.type': 'PartnerPromoted' } },
      { $group: { _id: '$events.data.contractId', n: { $sum: 1 } } },
    ])
    .toArray();
  return new Map(rows.map((r) => [r._id, r.n]));
}

let seq = 0;
export const partnerBody = () => ({
  name: `Fault Club ${++seq}`,
  email: `club${seq}-${randomBytes(2).toString('hex')}@example.com`,
  type: 'club',
  organization: 'Fault FC',
});

export const contractBody = (partnerId: string) => ({
  partnerId,
  companyName: 'Fault FC Ltd',
  registrationNumber: '12345678',
  companyAddress: '1 Pitch Lane, London',
  clientName: 'Alex Keeper',
  clientEmail: 'alex@example.com',
  clientTelephone: '+44 20 7946 0000',
  clientPosition: 'Director',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  lengthMonths: 12,
  platformName: 'Fault Fans',
  revenueSharePercent: 10,
  pollsPerMonth: 2,
  auctionsPerMonth: 1,
  articlesPerWeek: 1,
  quizPerMonth: 1,
  setupFee: '£1,000',
  penaltyFeePerMonth: '£100',
});

/** Percentile of a list of numbers (nearest rank). */
export function pct(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
