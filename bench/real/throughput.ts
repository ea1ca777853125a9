/**
 * Throughput of partner applications (POST /api/partners) on the real servers with 1 and with 3 processes of the
 * partners service sharing one database and consumer group, the requests spread round-robin over them.
 * Prints one JSON line. `tsx bench/real/throughput.ts [seconds] [concurrency]`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { realServerEnv, summary } from './common';
import { TEST_SECRET } from '@12yards/platform/testing';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SECONDS = Number(process.argv[2] ?? 10);
const CONCURRENCY = Number(process.argv[3] ?? 12);

async function startReplicas(count: number, env: Record<string, string>, basePort: number) {
  const procs: ChildProcess[] = [];
  const urls: string[] = [];
  for (let r = 0; r < count; r++) {
    const port = basePort + r;
    procs.push(
      spawn(process.execPath, ['--import', 'tsx', join(root, 'services/partners/src/main.ts')], {
        cwd: root,
        env: {
          ...process.env,
          ...env,
          PORT: String(port),
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
          INSTANCE_ID: `partners-${r + 1}`,
        },
        stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
      }),
    );
    urls.push(`http://127.0.0.1:${port}`);
  }
  for (const url of urls) {
    const deadline = performance.now() + 60_000;
    for (;;) {
      if (
        await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (performance.now() > deadline) throw new Error(`${url} never became ready`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    urls,
    stop: () => Promise.all(procs.map((p) => new Promise((r) => (p.once('exit', r), p.kill('SIGTERM'))))),
  };
}

async function load(urls: string[]) {
  let sent = 0;
  let ok = 0;
  const errors: Record<string, number> = {};
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const i = sent++;
      const t0 = performance.now();
      const res = await fetch(`${urls[i % urls.length]}/api/partners`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Applicant ${i}`,
          email: `applicant${i}@fans.example`,
          type: 'club',
          organization: `Fans Club ${i}`,
          position: 'Chair',
          message: 'We would like to partner',
        }),
      }).catch((err: Error) => ({ status: err.name }) as const);
      if ('arrayBuffer' in res) await res.arrayBuffer();
      if (res.status === 201) {
        ok++;
        latencies.push(performance.now() - t0);
      } else errors[String(res.status)] = (errors[String(res.status)] ?? 0) + 1;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - t0) / 1000;
  return { perSecond: Math.round((ok / seconds) * 10) / 10, created: ok, errors, ms: summary(latencies) };
}

async function main() {
  const results: Record<string, unknown> = {};
  for (const replicas of [1, 3]) {
    const env = Object.fromEntries(
      Object.entries(realServerEnv(`bench_tp${replicas}_${Date.now().toString(36)}`)).map(([k, v]) => [
        k,
        String(v),
      ]),
    );
    const dataDir = join(root, 'data', `bench-tp-${process.pid}-${replicas}`);
    const running = await startReplicas(
      replicas,
      { ...env, INTERNAL_SECRET: TEST_SECRET, DATA_DIR: dataDir, NODE_ENV: 'production' },
      18600 + replicas * 10,
    );
    try {
      await load(running.urls.slice(0, 1)); // warm-up is not counted: the first requests open connections
      results[`replicas${replicas}`] = await load(running.urls);
    } finally {
      await running.stop();
    }
  }
  const one = results.replicas1 as { perSecond: number };
  const three = results.replicas3 as { perSecond: number };
  console.log(
    JSON.stringify({
      bench: 'application-throughput',
      seconds: SECONDS,
      concurrency: CONCURRENCY,
      cpus: (await import('node:os')).cpus().length,
      ...results,
      ratio3to1: Math.round((three.perSecond / one.perSecond) * 100) / 100,
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
