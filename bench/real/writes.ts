/**
 * Writes through the gateway, as people make them, on the real servers against the embedded adapters in the same run:
 * - throughput: FAQ creation by 10 admins at once, and partner applications by 10 visitors at once (autocannon's
 *   way: each client sends its next request when its last one answered), for BENCH_SECONDS each;
 * - single writes one after another: an application, a FAQ, a contract (with its partner lookup): p50/p95, once the
 *   stack is idle again after the throughput runs (`settledMs`: how long their backlog kept it busy);
 * - promotion: an application, then at once a contract for it, timed from before the contract POST until the
 *   partners service shows `Partner` (25 in a row, 0 failures).
 * With `--replicas partners=2,content=2`, the same on the real servers with those replicas too (each group behind
 * its usual port, as `npm run start:real -- --replicas ...` runs them), against one process of each.
 * Each throughput figure comes with the cores each process used meanwhile (`cpu`: 1.0 is one core busy), which says
 * where the CPU goes on a small machine; with replicas, `replicasToOne.machineBaseline` is the same ratio for a bare
 * HTTP edge (replica-baseline.ts), the ceiling this machine sets. Prints one JSON line. `tsx bench/real/writes.ts [--replicas partners=2,content=2]`.
 */
import { performance } from 'node:perf_hooks';
import { summary } from './common';
import { coresUsed, sampleCpu } from './cpu';
import { contractFor } from './contract-input';
import { replicaBaseline } from './replica-baseline';
import { startStack, type BenchStack } from './stack';
import { applicationInput, faqInput } from './write-input';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SINGLES = Number(process.env.BENCH_SINGLES ?? 100);
const PROMOTIONS = Number(process.env.BENCH_PROMOTIONS ?? 25);
/** The stack counts as idle below this many cores busy (its processes and the servers), waited for at most SETTLE_MS. */
const IDLE_CORES = 0.25;
const SETTLE_MS = 60_000;
const replicasArg = process.argv.indexOf('--replicas');
const replicas = replicasArg > 0 ? process.argv[replicasArg + 1] : undefined;

const application = applicationInput;
const faq = faqInput;

async function post(stack: BenchStack, path: string, body: unknown, admin: boolean) {
  const res = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: admin ? stack.admin : { 'content-type': 'application/json', origin: stack.url },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text };
}

/** CONCURRENCY clients, each sending its next write when the last one answered, for SECONDS. */
async function throughput(stack: BenchStack, write: () => Promise<{ status: number }>) {
  const cpuBefore = sampleCpu(stack.group);
  let ok = 0;
  const errors: Record<string, number> = {};
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await write().catch((err: Error) => ({ status: err.name }));
      if (res.status === 201) {
        ok++;
        latencies.push(performance.now() - t0);
      } else errors[String(res.status)] = (errors[String(res.status)] ?? 0) + 1;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = coresUsed(cpuBefore, sampleCpu(stack.group));
  return { perSecond: Math.round((ok / seconds) * 10) / 10, ok, errors, ms: summary(latencies), cpu };
}

/**
 * Waits until the stack and its servers are idle (under IDLE_CORES busy over half a second), at most SETTLE_MS: the
 * throughput runs leave a backlog (the contracts service reacting to hundreds of applications, the relays, the
 * consumers) that would otherwise be measured as the single writes' latency. Returns how long it waited.
 */
async function settle(stack: BenchStack): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < SETTLE_MS) {
    const before = sampleCpu(stack.group);
    await new Promise((r) => setTimeout(r, 500));
    const used = coresUsed(before, sampleCpu(stack.group));
    const busy = Object.entries(used)
      .filter(([label]) => label !== 'bench clients')
      .reduce((sum, [, cores]) => sum + cores, 0);
    if (busy < IDLE_CORES) break;
  }
  return Math.round(performance.now() - t0);
}

async function singles(stack: BenchStack) {
  const times: Record<'application' | 'faq' | 'contract', number[]> = {
    application: [],
    faq: [],
    contract: [],
  };
  for (let i = 0; i < SINGLES; i++) {
    let t0 = performance.now();
    const applied = await post(stack, '/api/partners', application(), false);
    times.application.push(performance.now() - t0);
    if (applied.status !== 201)
      throw new Error(`${stack.name} application: ${applied.status} ${applied.body}`);
    t0 = performance.now();
    const asked = await post(stack, '/api/admin/faqs', faq(), true);
    times.faq.push(performance.now() - t0);
    if (asked.status !== 201) throw new Error(`${stack.name} faq: ${asked.status} ${asked.body}`);
    const partnerId = (JSON.parse(applied.body) as { id: string }).id;
    t0 = performance.now();
    const contract = await post(stack, '/api/admin/contracts', contractFor(partnerId), true);
    times.contract.push(performance.now() - t0);
    if (contract.status !== 201)
      throw new Error(`${stack.name} contract: ${contract.status} ${contract.body}`);
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, summary(v)]));
}

async function promotions(stack: BenchStack) {
  const ms: number[] = [];
  let failed = 0;
  for (let i = 0; i < PROMOTIONS; i++) {
    const applied = await post(stack, '/api/partners', application(), false);
    if (applied.status !== 201)
      throw new Error(`${stack.name} application: ${applied.status} ${applied.body}`);
    const partnerId = (JSON.parse(applied.body) as { id: string }).id;
    const t0 = performance.now();
    const contract = await post(stack, '/api/admin/contracts', contractFor(partnerId), true);
    if (contract.status !== 201) {
      failed++;
      continue;
    }
    const deadline = t0 + 10_000;
    for (;;) {
      const res = await fetch(`${stack.url}/api/admin/partners/${partnerId}`, { headers: stack.admin });
      const partner = (await res.json()) as { status?: string };
      if (partner.status === 'Partner') {
        ms.push(performance.now() - t0);
        break;
      }
      if (performance.now() > deadline) {
        failed++;
        break;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  }
  return { ...summary(ms), failed };
}

async function measure(stack: BenchStack) {
  await throughput(stack, () => post(stack, '/api/admin/faqs', faq(), true)); // warm-up, not counted
  const faqs = await throughput(stack, () => post(stack, '/api/admin/faqs', faq(), true));
  const applications = await throughput(stack, () => post(stack, '/api/partners', application(), false));
  // Single writes and promotions are timed on a stack that is done with the throughput runs' backlog.
  const settledMs = await settle(stack);
  const single = await singles(stack);
  await settle(stack);
  return { faqs, applications, settledMs, single, promotion: await promotions(stack) };
}

async function main() {
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  const stacks: [string, 'embedded' | 'real', number, string[]][] = [
    ['embedded', 'embedded', 19400, []],
    ['real', 'real', 19600, []],
  ];
  if (replicas) stacks.push(['realReplicas', 'real', 19900, ['--replicas', replicas]]);
  for (const [name, adapters, port, args] of stacks) {
    const stack = await startStack(name, adapters, port, args);
    try {
      results[name] = await measure(stack);
    } finally {
      await stack.stop();
    }
  }
  // The same clients against a bare HTTP edge, one process then two: what a replica costs here before our code.
  const baseline = replicas ? await replicaBaseline(SECONDS, CONCURRENCY) : undefined;
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const perSecond = (name: string, kind: 'faqs' | 'applications') => results[name]![kind].perSecond;
  console.log(
    JSON.stringify({
      bench: 'writes-through-gateway',
      seconds: SECONDS,
      concurrency: CONCURRENCY,
      replicas: replicas ?? 'none',
      ...results,
      realToEmbedded: {
        faqs: ratio(perSecond('real', 'faqs'), perSecond('embedded', 'faqs')),
        applications: ratio(perSecond('real', 'applications'), perSecond('embedded', 'applications')),
      },
      ...(replicas && {
        replicasToOne: {
          faqs: ratio(perSecond('realReplicas', 'faqs'), perSecond('real', 'faqs')),
          applications: ratio(perSecond('realReplicas', 'applications'), perSecond('real', 'applications')),
          machineBaseline: baseline,
        },
      }),
    }),
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
