/**
 * What every process of the real stack sends to MongoDB per write: the whole product (gateway and five services,
 * as `npm run start:real` runs them) on infra/local's servers, each connection counting its commands by command and
 * collection (MONGO_COMMAND_TALLY); then BENCH_TALLY_N FAQs by admins and applications by visitors, 10 at a time,
 * and the commands per write of each database, the request path and the consumers (relays, projections, inboxes
 * of other services, the gateway's live updates and caches) alike. `tsx bench/real/tally.ts [--replicas ...]`
 * (npm run bench:real -- --tally [--replicas partners=2,content=2]). Prints the tables, then one JSON line.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type BenchStack } from './stack';
import { applicationInput, faqInput } from './write-input';

const N = Number(process.env.BENCH_TALLY_N ?? 200);
const CONCURRENCY = 10;
const SETTLE_MS = 3000;
/** Commands sent less often than this per write are left out (BENCH_TALLY_MIN; 0.001 lists the timers' too). */
const MIN_PER_WRITE = Number(process.env.BENCH_TALLY_MIN ?? 0.05);
const replicasArg = process.argv.indexOf('--replicas');
/** `--replicas partners=2,content=2`: the stack runs those replicas, as `npm run start:real -- --replicas` does. */
const replicas = replicasArg > 0 ? ['--replicas', process.argv[replicasArg + 1]!] : [];

type Tally = Record<string, number>;

/** Every connection's counts and milliseconds summed by `<database> <command> <collection>`. */
function snapshot(dir: string): { counts: Tally; ms: Tally; docs: Tally } {
  const total = { counts: {} as Tally, ms: {} as Tally, docs: {} as Tally };
  for (const file of readdirSync(dir)) {
    const db = file.replace(/-\d+\.json$/, '').replace(/^bench_[a-z0-9_]+?_[a-z0-9]+_/, '');
    let tally: { counts: Tally; ms: Tally; docs?: Tally };
    try {
      tally = JSON.parse(readFileSync(join(dir, file), 'utf8')) as typeof tally;
    } catch {
      continue; // being rewritten; the next snapshot has it
    }
    for (const part of ['counts', 'ms', 'docs'] as const)
      for (const [key, n] of Object.entries(tally[part] ?? {}))
        total[part][`${db} ${key}`] = (total[part][`${db} ${key}`] ?? 0) + n;
  }
  return total;
}

const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

async function perWrite(dir: string, n: number, write: (i: number) => Promise<Response>) {
  await settle();
  const before = snapshot(dir);
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        const res = await write(next++);
        await res.arrayBuffer();
        if (!res.ok) failed++;
      }
    }),
  );
  await settle();
  const after = snapshot(dir);
  const rows = Object.entries(after.counts)
    .map(([key, count]) => ({
      key,
      perWrite: (count - (before.counts[key] ?? 0)) / n,
      msPerWrite: ((after.ms[key] ?? 0) - (before.ms[key] ?? 0)) / n,
      docsPerWrite: ((after.docs[key] ?? 0) - (before.docs[key] ?? 0)) / n,
    }))
    .filter((r) => r.perWrite >= MIN_PER_WRITE)
    .sort((a, b) => b.perWrite - a.perWrite);
  const total = rows.reduce((sum, r) => sum + r.perWrite, 0);
  const ms = rows.reduce((sum, r) => sum + r.msPerWrite, 0);
  return { failed, total: Math.round(total * 10) / 10, ms: Math.round(ms * 10) / 10, rows };
}

function print(name: string, result: Awaited<ReturnType<typeof perWrite>>) {
  console.log(
    `\n${name}: ${result.total} MongoDB commands per write (all processes), taking ${result.ms} ms from send to answer, ${result.failed} failed`,
  );
  console.log('  per write     ms   docs read');
  for (const r of result.rows)
    console.log(
      `  ${r.perWrite.toFixed(2).padStart(9)}  ${r.msPerWrite.toFixed(2).padStart(6)}  ${r.docsPerWrite.toFixed(2).padStart(9)}  ${r.key}`,
    );
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), '12yards-tally-'));
  process.env.MONGO_COMMAND_TALLY = dir;
  let stack: BenchStack | undefined;
  try {
    // Replicas listen on PORT + 200.. (scripts/start.mjs): clear of infra/local's servers (MinIO's 19000).
    stack = await startStack('tally', 'real', 18590, replicas);
    const s = stack;
    const post = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${s.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const faq = () => post('/api/admin/faqs', faqInput(), s.admin);
    const application = () =>
      post('/api/partners', applicationInput(), { 'content-type': 'application/json', origin: s.url });
    await perWrite(dir, 20, faq); // warm-up: caches, connections, topics
    await perWrite(dir, 20, application);
    const faqs = await perWrite(dir, N, faq);
    print('FAQ', faqs);
    const applications = await perWrite(dir, N, application);
    print('application', applications);
    console.log(JSON.stringify({ bench: 'real-tally', n: N, faq: faqs, application: applications }));
  } finally {
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
