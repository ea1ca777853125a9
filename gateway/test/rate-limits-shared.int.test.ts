import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { Redis } from 'ioredis';
import { createLogger, openSqlite, SqliteReadModels } from '@12yards/platform';
import { TEST_SECRET } from '@12yards/platform/testing';
import { buildGateway } from '../src/app';
import { gatewayEnv } from '../src/config';
import { redisLimiters } from '../src/rate-limits';
import { REDIS_URL, redisAnswers } from './shared-redis';

// Replicas of the gateway share their limits through the real Redis.
const ADMIN = { username: 'admin', password: 'correct horse battery staple' };

describe('gateway replicas share their rate limits through Redis', () => {
  let redis: Redis;
  let available = false;
  // Every run counts under its own prefix, so runs never see each other's counts.
  const namespace = `t${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    available = await redisAnswers();
    if (!available && process.env.CI === 'true') throw new Error(`CI=true and no Redis at ${REDIS_URL}`);
    redis = new Redis(REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: !available,
    });
    redis.on('error', () => undefined);
    // Commands sent before the connection is ready are refused (no offline queue), and the limiter then counts in
    // the replica's own memory (its insurance): each replica would see only its share of the failures.
    if (available && redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  });
  afterAll(async () => {
    if (available) {
      const keys = await redis.keys(`${namespace}:*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
  });

  /** One gateway replica: its own process memory (a fresh store), the limits in the shared Redis. */
  async function replica(publicWritesPerIp?: number) {
    const env = gatewayEnv.parse({
      NODE_ENV: 'test',
      INTERNAL_SECRET: TEST_SECRET,
      SCRYPT_N: String(2 ** 10),
      PARTNERS_URL: 'http://127.0.0.1:9',
      TRUST_PROXY: 'loopback',
    });
    const built = buildGateway({
      env,
      logger: createLogger('gateway', 'silent'),
      models: new SqliteReadModels(openSqlite(':memory:')),
      limiters: redisLimiters(redis, namespace),
      publicWritesPerIp,
    });
    await built.users.upsert({ ...ADMIN, role: 'admin' });
    return built.app;
  }

  const login = (app: Parameters<typeof request>[0], password: string, ip: string) =>
    request(app)
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ username: ADMIN.username, password });

  it('When 5 wrong passwords are spread over two replicas, then the next attempt at either is refused with 429', async () => {
    if (!available) return console.warn(`SKIPPED: no Redis at ${REDIS_URL}; run npm run infra:up`);
    const [a, b] = [await replica(), await replica()];
    const ip = '203.0.113.9';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await login(i % 2 ? b : a, 'wrong password!!', ip)).status);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    // Each replica saw 2 or 3 failures: only the shared count reaches the limit of 5 consecutive failures.
    const refused = await login(b, ADMIN.password, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login(a, ADMIN.password, '198.51.100.4')).status).toBe(200);
  }, 30_000);

  it('When public forms are posted through two replicas, then the per-address limit counts them together', async () => {
    if (!available) return console.warn(`SKIPPED: no Redis at ${REDIS_URL}; run npm run infra:up`);
    const [a, b] = [await replica(3), await replica(3)];
    const post = (app: Parameters<typeof request>[0]) =>
      request(app).post('/api/partners').set('X-Forwarded-For', '203.0.113.10').send({ name: 'A' });
    const codes = [
      (await post(a)).status,
      (await post(b)).status,
      (await post(a)).status,
      (await post(b)).status,
    ];
    // The services are not running: a post the limit lets through is proxied and answers 503 (the service is unreachable).
    expect(codes).toEqual([503, 503, 503, 429]);
  });
});
