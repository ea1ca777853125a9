import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

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
