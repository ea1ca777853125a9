/**
 * Where one write goes on the real servers: for one write of each kind (application, contact message, FAQ, contract,
 * contract document), every MongoDB command, Redis command and Kafka send made while the request was open, with when
 * it started (ms after the request) and how long it took, then the total. The services run in this process (their
 * HTTP apps on local ports, the admin's identity signed as the gateway signs it), so the timeline is the request's.
 * `tsx bench/real/profile.ts` (npm run bench:real -- --profile). Prints the timelines, then one JSON line.
 */
import { performance } from 'node:perf_hooks';
import { createLogger, startService, type ServiceEnv } from '@12yards/platform';
import { KafkaEventBus } from '@12yards/platform/src/adapters/kafka';
import { testServiceEnv } from '@12yards/platform/testing';
import { partnersService } from '@12yards/partners/src/definition';
import { contentService } from '@12yards/content/src/definition';
import { createContractsService } from '@12yards/contracts/src/definition';
import { listen, realServerEnv, signedAdmin } from './common';
import { contractFor } from './contract-input';

interface Call {
  kind: 'mongo' | 'redis' | 'kafka';
  what: string;
  start: number;
  ms: number;
}
const calls: Call[] = [];
const TOGETHER_MS = Number(process.env.BENCH_TOGETHER_MS ?? 3000);
const record = (kind: Call['kind'], what: string, start: number) =>
  calls.push({ kind, what, start, ms: performance.now() - start });

async function instrument() {
  const mongoose = (await import('mongoose')).default;
  const create = mongoose.createConnection.bind(mongoose);
  (mongoose as { createConnection: unknown }).createConnection = (uri: string, opts: object) => {
    const conn = create(uri, { ...opts, monitorCommands: true });
    const started = new Map<number, { start: number; what: string }>();
    conn.on('connected', () => {
      const client = conn.getClient();
      client.on('commandStarted', (e) => {
        const cmd = e.command as Record<string, unknown>;
        const target = typeof cmd[e.commandName] === 'string' ? `${cmd[e.commandName] as string}` : '';
        const filter = (cmd.filter ?? cmd.query ?? (cmd.deletes as { q?: unknown }[] | undefined)?.[0]?.q) as
          Record<string, unknown> | undefined;
        const by = filter ? ` {${Object.keys(filter).join(',')}}` : '';
        started.set(e.requestId, {
          start: performance.now(),
          what: `${e.databaseName.replace(/^.*_/, '')}.${e.commandName} ${target}${by}`,
        });
      });
      const done = (e: { requestId: number }) => {
        const s = started.get(e.requestId);
        started.delete(e.requestId);
        if (s) record('mongo', s.what, s.start);
      };
      client.on('commandSucceeded', done);
      client.on('commandFailed', done);
    });
    return conn;
  };
  const { Redis } = await import('ioredis');
  const send = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function (this: InstanceType<typeof Redis>, command, stream) {
    const start = performance.now();
    const result = send.call(this, command, stream);
    const name = (command as { name?: string }).name ?? '?';
    void Promise.resolve(result).then(
      () => record('redis', name, start),
      () => record('redis', `${name} (failed)`, start),
    );
    return result;
  } as typeof send;
  const publish = KafkaEventBus.prototype.publish;
  KafkaEventBus.prototype.publish = async function (this: KafkaEventBus, topic, events) {
    const start = performance.now();
    try {
      return await publish.call(this, topic, events);
    } finally {
      record('kafka', `send ${topic} (${events.length})`, start);
    }
  };
}

async function main() {
  await instrument();
  const env = testServiceEnv(
    realServerEnv(`bench_profile_${Date.now().toString(36)}`) as Partial<ServiceEnv>,
  );
  const quiet = (name: string) => ({ logger: createLogger(name, 'warn') });
  const partners = await startService(partnersService, env, quiet('partners'));
  const partnersUrl = (await listen(partners)).url;
  const content = await startService(contentService, env, quiet('content'));
  const contentUrl = (await listen(content)).url;
  const contracts = await startService(
    createContractsService({ inProcessWorker: true, partnersUrl }),
    env,
    quiet('contracts'),
  );
  const contractsUrl = (await listen(contracts)).url;
  const admin = (method: string, url: string) => signedAdmin(env.INTERNAL_SECRET, method, url);
  const settle = () => new Promise((r) => setTimeout(r, 500));

  const profiles: Record<string, { status: number; totalMs: number; calls: Call[] }> = {};
  const profile = async (name: string, base: string, path: string, body: unknown, signed: boolean) => {
    for (let i = 0; i < 3; i++) {
      // The third of three: connections open, caches as in a running service.
      await settle();
      calls.length = 0;
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: signed ? admin('POST', path) : { 'content-type': 'application/json' },
        body: JSON.stringify(typeof body === 'function' ? (body as () => unknown)() : body),
      });
      const text = await res.text();
      const totalMs = performance.now() - t0;
      if (res.status >= 300) throw new Error(`${name}: ${res.status} ${text}`);
      const during = calls
        .filter((c) => c.start >= t0 && c.start <= t0 + totalMs)
        .map((c) => ({ ...c, start: Math.round((c.start - t0) * 10) / 10, ms: Math.round(c.ms * 10) / 10 }));
      profiles[name] = { status: res.status, totalMs: Math.round(totalMs * 10) / 10, calls: during };
      if (i === 2)
        return (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {}) as { id: string };
    }
    throw new Error('not reached');
  };

  let n = 0;
  const application = () => ({
    name: 'Ann Lee',
    email: `ann${++n}@riverside.example`,
    type: 'club',
    organization: `Riverside FC ${n}`,
    position: 'Chair',
    message: 'We would like to bring our fans',
  });
  const partner = await profile('application', partnersUrl, '/api/partners', application, false);
  await profile(
    'contact message',
    partnersUrl,
    '/api/contacts',
    () => ({
      name: 'Sam',
      email: `sam${++n}@fans.example`,
      subject: 'Hello',
      message: 'A question about the app',
    }),
    false,
  );
  await profile(
    'faq',
    contentUrl,
    '/api/admin/faqs',
    () => ({ question: `Question ${++n}?`, answer: 'Yes.', sortOrder: n }),
    true,
  );
  const contract = await profile(
    'contract',
    contractsUrl,
    '/api/admin/contracts',
    () => contractFor(partner.id),
    true,
  );
  await profile(
    'contract document',
    contractsUrl,
    `/api/admin/contracts/${contract.id}/generate-document`,
    {},
    true,
  );

  /**
   * Ten writers at once for TOGETHER_MS, straight to the service: writes per second, the request's p50/p95, and per
   * kind of command, how many a write took and how long each took (p50/p95): where the time goes under load.
   */
  const together: Record<string, unknown> = {};
  const concurrent = async (
    name: string,
    base: string,
    path: string,
    body: () => unknown,
    signed: boolean,
  ) => {
    await settle();
    calls.length = 0;
    const latencies: number[] = [];
    const end = performance.now() + TOGETHER_MS;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (performance.now() < end) {
          const start = performance.now();
          const res = await fetch(`${base}${path}`, {
            method: 'POST',
            headers: signed ? admin('POST', path) : { 'content-type': 'application/json' },
            body: JSON.stringify(body()),
          });
          await res.arrayBuffer();
          if (res.status >= 300) throw new Error(`${name}: ${res.status}`);
          latencies.push(performance.now() - start);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const byKind = new Map<string, number[]>();
    for (const c of calls) byKind.set(c.what, [...(byKind.get(c.what) ?? []), c.ms]);
    const pct = (xs: number[], q: number) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
    };
    const rows = [...byKind]
      .map(([what, ms]) => ({
        what,
        perWrite: Math.round((ms.length / latencies.length) * 100) / 100,
        p50: pct(ms, 0.5),
        p95: pct(ms, 0.95),
      }))
      .sort((a, b) => b.perWrite - a.perWrite);
    together[name] = {
      perSecond: Math.round((latencies.length / seconds) * 10) / 10,
      p50: pct(latencies, 0.5),
      p95: pct(latencies, 0.95),
      calls: rows,
    };
    console.log(
      `\n${name}, 10 at once: ${(latencies.length / seconds).toFixed(1)}/s, p50 ${pct(latencies, 0.5)} ms, p95 ${pct(latencies, 0.95)} ms`,
    );
    for (const r of rows)
      console.log(
        `  ${r.perWrite.toFixed(2).padStart(6)} a write  p50 ${String(r.p50).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  ${r.what}`,
      );
  };
  await concurrent(
    'faq',
    contentUrl,
    '/api/admin/faqs',
    () => ({ question: `Question ${++n}?`, answer: 'Yes.', sortOrder: n }),
    true,
  );
  await concurrent('application', partnersUrl, '/api/partners', application, false);

  for (const [name, p] of Object.entries(profiles)) {
    console.log(`\n${name}: ${p.status}, ${p.totalMs} ms, ${p.calls.length} calls`);
    for (const c of p.calls)
      console.log(
        `  +${String(c.start).padStart(6)} ms  ${String(c.ms).padStart(6)} ms  ${c.kind}  ${c.what}`,
      );
  }
  console.log(
    JSON.stringify({
      bench: 'write-profile',
      together,
      writes: Object.fromEntries(
        Object.entries(profiles).map(([name, p]) => [
          name,
          {
            totalMs: p.totalMs,
            mongo: p.calls.filter((c) => c.kind === 'mongo').length,
            redis: p.calls.filter((c) => c.kind === 'redis').length,
            kafka: p.calls.filter((c) => c.kind === 'kafka').length,
            callMs: Math.round(p.calls.reduce((s, c) => s + c.ms, 0) * 10) / 10,
          },
        ]),
      ),
    }),
  );
  for (const svc of [contracts, content, partners]) await svc.stop();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
