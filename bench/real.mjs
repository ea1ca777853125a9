#!/usr/bin/env node
// `npm run bench:real`: figures on the real servers of infra/local (`npm run infra:up`), each with its baseline
// measured in the same run:
// - promotion latency: N applications each followed at once by a contract, time until the partners service shows
//   `Partner` (p50/p95, and where the time goes hop by hop); baseline: the relay polling every 100 ms and the
//   contracts service only waiting for its view, as before issue 16; also on the embedded adapters;
// - document generation through BullMQ + MinIO (p50/p95); baseline: the embedded job queue and file store;
// - throughput of partner applications with 1 and with 3 processes of the partners service;
// - writes through the gateway as people make them (bench/real/writes.ts): FAQs by 10 admins and applications by 10
//   visitors at once, single writes one after another, a contract's promotion from before its POST; on the real
//   servers against the embedded stack, and with --replicas partners=2,content=2 against one process each;
// - a rebuild of the read models from 100,000 events and the start-up with them (bench/real/rebuild.ts).
// `npm run bench:real -- --profile` prints instead every MongoDB, Redis and Kafka call of one write of each kind;
// `-- --tally [--replicas partners=2,content=2]` the MongoDB commands per write of every process of a running stack
// (consumers included). Every run first removes what earlier runs left on the servers (`-- --prune` only that).
// Budgets (issues 16, 24): promotion p95 <= 200 ms real (from the 201) and 250 ms (from before the POST), <= 100 ms
// embedded; real write throughput >= 0.5 of embedded; single writes p95 <= 50 ms; replicas >= 1x one process;
// rebuild >= 5,000 events/s. Results: bench/results/real.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const N = process.env.BENCH_N ?? '50';
const only = process.argv[2];

// What earlier bench runs left on the real servers goes first: no run measures servers laden with those.
const pruned = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'real', 'prune.ts')], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, NODE_ENV: 'test' },
});
if (pruned.status !== 0) process.exit(pruned.status ?? 1);
if (only === '--prune') process.exit(0);

if (only === '--profile' || only === '--tally') {
  const script = only === '--profile' ? 'profile.ts' : 'tally.ts';
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(here, 'real', script), ...process.argv.slice(3)],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'test' },
    },
  );
  process.exit(r.status ?? 1);
}

function run(script, ...args) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'real', script), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'test' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = r.stdout.split('\n').find((l) => l.startsWith('{"bench"'));
  if (r.status !== 0 || !line) {
    process.stderr.write(r.stderr.slice(-4000));
    throw new Error(`${script} ${args.join(' ')} failed (exit ${r.status})`);
  }
  console.log(line);
  return JSON.parse(line);
}

const results = {};
const over = [];
const ratio = (a, b) => Math.round((a / b) * 100) / 100;

if (!only || only === 'promotion') {
  for (const adapters of ['real', 'embedded']) {
    const before = run('promotion.ts', adapters, N, '--baseline');
    const after = run('promotion.ts', adapters, N);
    const budget = adapters === 'real' ? 200 : 100;
    results[`promotion-${adapters}`] = {
      baseline: { succeeded: before.succeeded, of: before.contracts, ...before.promotionMs },
      now: { succeeded: after.succeeded, of: after.contracts, ...after.promotionMs },
      p95Ratio: ratio(after.promotionMs.p95, before.promotionMs.p95),
      budgetP95Ms: budget,
      withinBudget: after.promotionMs.p95 <= budget && after.failed === 0,
      hopsMs: after.hopsMs,
    };
    if (!results[`promotion-${adapters}`].withinBudget) over.push(`promotion-${adapters}`);
  }
}
if (!only || only === 'documents') {
  const embedded = run('documents.ts', 'embedded', process.env.BENCH_DOCS ?? '20');
  const real = run('documents.ts', 'real', process.env.BENCH_DOCS ?? '20');
  results.documents = {
    bullmq: real.ms,
    embeddedBaseline: embedded.ms,
    p95Ratio: ratio(real.ms.p95, embedded.ms.p95),
  };
}
if (!only || only === 'throughput') {
  results.throughput = run(
    'throughput.ts',
    process.env.BENCH_SECONDS ?? '10',
    process.env.BENCH_CONCURRENCY ?? '12',
  );
}

if (!only || only === 'writes') {
  const writes = run('writes.ts', '--replicas', process.env.BENCH_REPLICAS ?? 'partners=2,content=2');
  results.writes = writes;
  const single = writes.real.single;
  const checks = {
    'writes-real-to-embedded':
      Math.min(writes.realToEmbedded.faqs, writes.realToEmbedded.applications) >= 0.5,
    'writes-single-p95': Math.max(single.application.p95, single.faq.p95, single.contract.p95) <= 50,
    'writes-promotion': writes.real.promotion.p95 <= 250 && writes.real.promotion.failed === 0,
    'writes-replicas': Math.min(writes.replicasToOne.faqs, writes.replicasToOne.applications) >= 1,
  };
  for (const [name, ok] of Object.entries(checks)) if (!ok) over.push(name);
  const { faqs, applications, machineBaseline } = writes.replicasToOne;
  console.log(
    `replicas to one process: FAQs ${faqs}, applications ${applications}; a bare HTTP edge, two processes to one, on this machine: ${machineBaseline.twoToOne}`,
  );
}
if (!only || only === 'rebuild') {
  const rebuild = run('rebuild.ts');
  results.rebuild = rebuild;
  if (rebuild.embedded.rebuild.perSecond < 5000 || rebuild.real.rebuild.perSecond < 5000)
    over.push('rebuild');
}

console.log(JSON.stringify(results, null, 2));
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'real.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(over.length ? `over budget: ${over.join(', ')}` : 'all real-server benchmarks within budget');
process.exit(over.length ? 1 : 0);
