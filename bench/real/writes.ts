/**
 * Writes through the gateway, as people make them, on the real servers against the embedded adapters in the same run:
 * - throughput: FAQ creation by 10 admins at once, and partner applications by 10 visitors at once (autocannon's
 *   way: each client sends its next request when its last one answered), for BENCH_SECONDS each, in BENCH_ROUNDS
 *   slices that take turns with the other stacks' (all of them run side by side), so the machine's drift is shared;
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
/** The throughput runs are interleaved across the stacks in this many rounds (see interleaved). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
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

/** What one slice of a throughput run gathered (see throughput). */
interface Slice {
  ok: number;
  seconds: number;
  errors: Record<string, number>;
  latencies: number[];
  /** CPU ticks per process label, before and after. */
  cpu: [ReturnType<typeof sampleCpu>, ReturnType<typeof sampleCpu>];
}

/** CONCURRENCY clients, each sending its next write when the last one answered, for `seconds`. */
async function slice(stack: BenchStack, write: () => Promise<{ status: number }>, seconds: number) {
  const cpuBefore = sampleCpu(stack.group);
  let ok = 0;
  const errors: Record<string, number> = {};
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
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
  const took = (performance.now() - t0) / 1000;
  return { ok, seconds: took, errors, latencies, cpu: [cpuBefore, sampleCpu(stack.group)] } as Slice;
}

/** A stack's slices summed: writes per second over all of them, latencies, errors, and the cores used meanwhile. */
function summed(slices: Slice[]) {
  const ok = slices.reduce((n, s) => n + s.ok, 0);
  const seconds = slices.reduce((n, s) => n + s.seconds, 0);
  const errors: Record<string, number> = {};
  for (const s of slices) for (const [k, n] of Object.entries(s.errors)) errors[k] = (errors[k] ?? 0) + n;
  const cores: Record<string, number> = {};
  for (const s of slices)
    for (const [label, used] of Object.entries(coresUsed(...s.cpu)))
      cores[label] = (cores[label] ?? 0) + (used * s.seconds) / seconds;
  const cpu = Object.fromEntries(
    Object.entries(cores)
      .map(([label, used]) => [label, Math.round(used * 100) / 100] as const)
      .sort((a, b) => b[1] - a[1]),
  );
  return {
    perSecond: Math.round((ok / seconds) * 10) / 10,
    ok,
    errors,
    ms: summary(slices.flatMap((s) => s.latencies)),
    cpu,
  };
}

/**
 * The throughput runs of every stack, interleaved: ROUNDS rounds, each giving every stack a slice of SECONDS / ROUNDS
 * (in an order that turns each round), so a stack measured while the machine was slower for a while (this machine's
 * speed drifts by a third from one minute to the next) shares that with the others instead of skewing their ratio.
 */
async function interleaved(stacks: BenchStack[], write: (stack: BenchStack) => Promise<{ status: number }>) {
  const slices = new Map<BenchStack, Slice[]>(stacks.map((s) => [s, []]));
  for (let round = 0; round < ROUNDS; round++)
    for (let i = 0; i < stacks.length; i++) {
      const stack = stacks[(i + round) % stacks.length]!;
      slices.get(stack)!.push(await slice(stack, () => write(stack), SECONDS / ROUNDS));
    }
  return new Map(stacks.map((s) => [s, summed(slices.get(s)!)]));
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

/** Single writes and promotions, on a stack done with the throughput runs' backlog. */
async function latencies(stack: BenchStack) {
  const settledMs = await settle(stack);
  const single = await singles(stack);
  await settle(stack);
  return { settledMs, single, promotion: await promotions(stack) };
}

const faqOf = (stack: BenchStack) => post(stack, '/api/admin/faqs', faq(), true);
const applicationOf = (stack: BenchStack) => post(stack, '/api/partners', application(), false);

async function main() {
  const plan: [string, 'embedded' | 'real', number, string[]][] = [
    ['embedded', 'embedded', 19400, []],
    ['real', 'real', 19600, []],
  ];
  if (replicas) plan.push(['realReplicas', 'real', 19900, ['--replicas', replicas]]);
  // Every stack runs through the throughput runs, so their slices can take turns.
  const stacks: BenchStack[] = [];
  type Throughput = Record<'faqs' | 'applications', ReturnType<typeof summed>>;
  const measured = new Map<string, Throughput>();
  try {
    for (const [name, adapters, port, args] of plan)
      stacks.push(await startStack(name, adapters, port, args));
    for (const stack of stacks) await slice(stack, () => faqOf(stack), SECONDS); // warm-up, not counted
    const faqs = await interleaved(stacks, faqOf);
    const applications = await interleaved(stacks, applicationOf);
    for (const stack of stacks)
      measured.set(stack.name, { faqs: faqs.get(stack)!, applications: applications.get(stack)! });
  } finally {
    for (const stack of stacks.splice(0)) await stack.stop();
  }
  // Single writes and promotions are waits, not rates: each stack alone on the machine again, as a person finds it,
  // started afresh and warmed up first.
  const results: Record<string, Throughput & Awaited<ReturnType<typeof latencies>>> = {};
  for (const [name, adapters, port, args] of plan) {
    const stack = await startStack(name, adapters, port, args);
    try {
      await slice(stack, () => faqOf(stack), 3);
      await slice(stack, () => applicationOf(stack), 3);
      results[name] = { ...measured.get(name)!, ...(await latencies(stack)) };
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
