/**
 * What replicas cost on this machine before any code of ours: the same clients as the throughput runs (CONCURRENCY
 * at once, each sending its next write when its last one answered) against one process, then two sharing the port, of
 * a bare HTTP edge (replica-baseline-server.mjs: no storage, no coordination). On 2 cores that one process and its
 * clients already keep busy, a second process adds no core, only its own cost (its caches, its scheduling), so this
 * ratio is the ceiling the stack's replicas ratio can reach here.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { faqInput } from './write-input';

const here = dirname(fileURLToPath(import.meta.url));

async function start(processes: number, port: number): Promise<ChildProcess[]> {
  const children = Array.from({ length: processes }, () =>
    fork(join(here, 'replica-baseline-server.mjs'), [], {
      env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    }),
  );
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve, reject) => {
          c.once('message', () => resolve());
          c.once('exit', (code) => reject(new Error(`baseline server exited (${code})`)));
        }),
    ),
  );
  return children;
}

async function throughput(url: string, seconds: number, concurrency: number): Promise<number> {
  let ok = 0;
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(faqInput()),
        });
        await res.arrayBuffer();
        if (res.status === 201) ok++;
      }
    }),
  );
  return ok / ((performance.now() - t0) / 1000);
}

/** Writes per second with one process and with two; each after a warm-up of its own. */
export async function replicaBaseline(seconds: number, concurrency: number, port = 19950) {
  const perSecond: Record<'one' | 'two', number> = { one: 0, two: 0 };
  for (const [name, processes] of [
    ['one', 1],
    ['two', 2],
  ] as const) {
    const children = await start(processes, port);
    try {
      const url = `http://127.0.0.1:${port}/faqs`;
      await throughput(url, 2, concurrency);
      perSecond[name] = Math.round(await throughput(url, seconds, concurrency));
    } finally {
      await Promise.all(
        children.map((c) => new Promise((resolve) => (c.once('exit', resolve), c.kill('SIGTERM')))),
      );
    }
  }
  return { ...perSecond, twoToOne: Math.round((perSecond.two / perSecond.one) * 100) / 100 };
}
