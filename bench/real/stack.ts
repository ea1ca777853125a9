/**
 * A whole product (`scripts/start.mjs`: gateway + five services) started for a benchmark, on the embedded adapters or
 * on the real servers of infra/local, with an admin logged in: what a person reaches through the gateway.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { realServerEnv } from './common';
import { removeLeftovers } from './leftovers';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BENCH_ADMIN = { username: 'bench-admin', password: 'Kestrel-Harbour-Lantern-42' };

export interface BenchStack {
  name: string;
  url: string;
  /** The process group of the stack's processes (start.mjs and what it started). */
  group: number;
  /** Headers of a logged-in admin's write (session cookie, CSRF token, same-origin Origin). */
  admin: Record<string, string>;
  stop(): Promise<void>;
}

export async function startStack(
  name: string,
  adapters: 'embedded' | 'real',
  port: number,
  extraArgs: string[] = [],
): Promise<BenchStack> {
  const dataDir = mkdtempSync(join(tmpdir(), `12yards-bench-${name}-`));
  const database = `bench_${name}_${Date.now().toString(36)}`;
  const real =
    adapters === 'real'
      ? Object.fromEntries(Object.entries(realServerEnv(database)).map(([k, v]) => [k, String(v)]))
      : {};
  // The embedded stack is embedded even when the shell exports the real servers' variables (infra.mjs env).
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => adapters === 'real' || !/^(MONGO_URL|KAFKA_BROKERS|REDIS_URL|MINIO_[A-Z_]+)$/.test(k),
    ),
  );
  const child: ChildProcess = spawn(process.execPath, [join(root, 'scripts/start.mjs'), ...extraArgs], {
    cwd: root,
    env: {
      ...inherited,
      ...real,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      // The bench's clients all come from 127.0.0.1: the public form limit per address is lifted by configuration.
      PUBLIC_WRITES_PER_IP: '1000000',
      SCRYPT_N: String(2 ** 14),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'development',
      METRICS_PORT: '0',
      ...(adapters === 'real' && { DOCUMENT_WORKER: 'in-process' }),
    },
    stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid!, 'SIGINT');
      } catch {
        child.kill('SIGINT');
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (adapters === 'real')
      await removeLeftovers(database).catch((err: unknown) =>
        console.warn(`${name}: could not remove what it left on the real servers: ${String(err)}`),
      );
  };
  const deadline = Date.now() + 300_000;
  for (;;) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${name}: the stack did not become ready`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!login.ok) {
    await stop();
    throw new Error(`${name}: login ${login.status} ${await login.text()}`);
  }
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  return {
    name,
    url,
    group: child.pid!,
    admin: { cookie, 'x-csrf-token': csrfToken, origin: url, 'content-type': 'application/json' },
    stop,
  };
}
