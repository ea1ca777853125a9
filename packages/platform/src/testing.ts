import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceEnv } from './config';

export const TEST_SECRET = 'test-internal-secret-0123456789abcdef';

/** A service environment on embedded adapters in a fresh temporary directory. */
export function testServiceEnv(overrides: Partial<ServiceEnv> = {}): ServiceEnv & { cleanup(): void } {
  const dir = overrides.DATA_DIR ?? mkdtempSync(join(tmpdir(), '12yards-test-'));
  return {
    NODE_ENV: 'test',
    PORT: 0,
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    INTERNAL_SECRET: TEST_SECRET,
    MONGO_URL: undefined,
    KAFKA_BROKERS: undefined,
    REDIS_URL: undefined,
    MINIO_ENDPOINT: undefined,
    MINIO_USE_SSL: false,
    MINIO_BUCKET: '12yards',
    ...overrides,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
