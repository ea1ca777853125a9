import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ServiceEnv } from '../runtime/config';
import { REQUEST_ID_HEADER, signIdentity, type AdminIdentity } from '../http/identity';
import type { OptionalAdapter } from '../runtime/infrastructure';
import { parseIntegrationEvent, type Producer } from '@12yards/api/src/events';
import type { EventMeta, StoredEvent } from '../ports';
import { toMessage, type IntegrationMapper } from '../es/relay';
import { startService, type RunningService, type ServiceDefinition } from '../runtime/service';

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
    LEADER_LEASE_TTL_MS: 6000,
    LEADER_LEASE_RENEW_MS: 2000,
    PRIVACY_RETENTION_MONTHS: 24,
    ...overrides,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The part of a supertest/superagent request that {@link signedAs} needs. */
interface OutgoingTestRequest {
  method: string;
  url: string;
  set(headers: Record<string, string>): unknown;
}

/**
 * A supertest plugin that signs the identity the way the gateway does, for that one request (its method, URL and
 * a fresh request id): `request(app).delete(path).use(signedAs({ username: 'ops', role: 'admin' }))`.
 * Use it after the path and query are final.
 */
export function signedAs(identity: AdminIdentity, secret = TEST_SECRET) {
  return (req: OutgoingTestRequest): void => {
    const { pathname, search } = new URL(req.url, 'http://localhost');
    const requestId = randomUUID();
    req.set({
      [REQUEST_ID_HEADER]: requestId,
      ...signIdentity(identity, secret, { method: req.method, url: pathname + search, requestId }),
    });
  };
}

/**
 * A service started on a fresh test environment; stop() stops it and removes its data; restart() stops it, keeps
 * its data and starts it (or another definition of it) again on them.
 */
export type TestService<U extends OptionalAdapter = never> = RunningService<U> & {
  env: ServiceEnv & { cleanup(): void };
  restart(def?: ServiceDefinition<U>): Promise<TestService<U>>;
};

export async function startTestService<U extends OptionalAdapter>(
  def: ServiceDefinition<U>,
  options: { clock?: () => Date } = {},
  env = testServiceEnv(),
): Promise<TestService<U>> {
  const svc = await startService(def, env, options);
  return {
    ...svc,
    env,
    async stop() {
      await svc.stop();
      env.cleanup();
    },
    async restart(next = def) {
      await svc.stop();
      return startTestService(next, options, env);
    },
  };
}

/** Polls until check() passes (it throws while not yet), or rethrows its last failure after timeoutMs. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/** What an admin write with a stale If-Match answers (412): the message the admin app shows as it is. */
export const STALE_ANSWER = {
  error: {
    code: 'precondition_failed',
    message: 'This item was changed by someone else. Reload to see the latest version.',
  },
};

/** One stored event of a stream (first in it, at position 1), as a service's store hands it on. */
export const storedEvent = (
  type: string,
  data: unknown,
  streamId = 'stream-1',
  meta: EventMeta = {},
): StoredEvent => ({
  id: 'e1',
  type,
  streamId,
  version: 1,
  position: 1,
  occurredAt: '2026-11-24T09:00:00.000Z',
  data,
  meta,
});

/**
 * What a consumer of the topic reads of one internal event of the producing service (null: not published): the
 * event mapped as its relay maps it, sent as JSON, parsed with the topic's published schemas.
 */
export function consumerReading<P extends Producer>(topic: P, mapper: IntegrationMapper, streamId?: string) {
  return (type: string, data: unknown) => {
    const source = storedEvent(type, data, streamId);
    const mapped = mapper(source);
    if (!mapped) return null;
    return parseIntegrationEvent(topic, JSON.parse(JSON.stringify(toMessage(source, mapped))) as StoredEvent);
  };
}

/** The error of a 400 whose one bad field is `path` (what the zod message says of it). */
export const validationFailure = (path: string, message: string) => ({
  code: 'validation_failed',
  message: `Invalid input: ${path}: ${message}`,
});
