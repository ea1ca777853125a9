import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { REQUEST_ID_HEADER, signIdentity, type RunningService } from '@12yards/platform';

/** The real servers' variables: from the environment, else from infra/local's env file (`npm run infra:up`). */
export function realServerEnv(database: string): Record<string, string | number | boolean> {
  const file = join(homedir(), '.cache', '12yards', 'infra', 'env');
  const fromFile: Record<string, string> = existsSync(file)
    ? Object.fromEntries(
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      )
    : {};
  const get = (k: string) => process.env[k] ?? fromFile[k];
  if (!get('MONGO_URL') || !get('KAFKA_BROKERS') || !get('REDIS_URL')) {
    throw new Error(
      'real servers not configured: run npm run infra:up (or set MONGO_URL, KAFKA_BROKERS, REDIS_URL)',
    );
  }
  const mongo = new URL(get('MONGO_URL')!);
  mongo.pathname = `/${database}`;
  return {
    MONGO_URL: mongo.toString(),
    // Own topics, consumer groups and job keys: a running start:real or test on the same servers is not disturbed.
    INFRA_NAMESPACE: database
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-')
      .slice(0, 40),
    KAFKA_BROKERS: get('KAFKA_BROKERS')!,
    REDIS_URL: get('REDIS_URL')!,
    ...(get('MINIO_ENDPOINT') && {
      MINIO_ENDPOINT: get('MINIO_ENDPOINT')!,
      MINIO_PORT: Number(get('MINIO_PORT')),
      MINIO_USE_SSL: get('MINIO_USE_SSL') === 'true',
      MINIO_ACCESS_KEY: get('MINIO_ACCESS_KEY')!,
      MINIO_SECRET_KEY: get('MINIO_SECRET_KEY')!,
      MINIO_BUCKET: get('MINIO_BUCKET') ?? '12yards',
    }),
  };
}

/** p50/p95/max of a list of milliseconds, rounded to 0.1 ms. */
export function summary(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  const r = (v: number) => Math.round(v * 10) / 10;
  return { n: s.length, p50: r(q(0.5)), p95: r(q(0.95)), max: r(s[s.length - 1] ?? NaN) };
}

/** Headers of a JSON request from an admin, signed as the gateway signs the identity it forwards. */
export function signedAdmin(secret: string, method: string, url: string): Record<string, string> {
  const requestId = randomUUID();
  return {
    'content-type': 'application/json',
    [REQUEST_ID_HEADER]: requestId,
    ...signIdentity({ username: 'bench', role: 'admin' }, secret, { method, url, requestId }),
  };
}

/** Serves a service's app on a free local port. */
export async function listen(svc: RunningService) {
  const server = svc.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
