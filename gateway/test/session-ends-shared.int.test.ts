import { randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import request from 'supertest';
import { Redis } from 'ioredis';
import { createLogger, openSqlite, SqliteReadModels, type ReadModels } from '@12yards/platform';
import { TEST_SECRET } from '@12yards/platform/testing';
import { buildGateway } from '../src/app';
import { RedisSessionEnds, type EndedSessions } from '../src/auth/session-ends';
import { gatewayEnv } from '../src/config';
import { REDIS_URL, redisAnswers } from './shared-redis';

// The gateway processes tell each other of ended sessions through the real Redis.
const ADMIN = { username: 'admin', password: 'correct horse battery staple' };

describe('gateway processes tell each other of ended sessions through Redis', () => {
  let available = false;
  // Every run has channels of its own, so runs never hear each other.
  const namespace = `t${randomBytes(4).toString('hex')}`;
  const channels: RedisSessionEnds[] = [];
  const channel = async () => {
    const made = new RedisSessionEnds(REDIS_URL, namespace);
    channels.push(made);
    expect(await made.ready()).toBe(true);
    return made;
  };

  beforeAll(async () => {
    available = await redisAnswers();
    if (!available && process.env.CI === 'true') throw new Error(`CI=true and no Redis at ${REDIS_URL}`);
  });
  afterAll(async () => {
    await Promise.all(channels.map((c) => c.close()));
  });

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 300 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('When one process publishes an end, then every process listening hears it', async () => {
    if (!available) return console.warn(`SKIPPED: no Redis at ${REDIS_URL}; run npm run infra:up`);
    const [a, b] = [await channel(), await channel()];
    const heard: EndedSessions[] = [];
    b.subscribe({ ended: (e) => heard.push(e), deaf: () => undefined });
    await a.publish({ sessionId: 'abc' });
    await a.publish({ userId: 'u1' });
    await until(() => heard.length >= 2);
    expect(heard).toEqual([{ sessionId: 'abc' }, { userId: 'u1' }]);
  });

  it('When its connection is cut, then a process stops listening and says so, and listens again once reconnected', async () => {
    if (!available) return console.warn(`SKIPPED: no Redis at ${REDIS_URL}; run npm run infra:up`);
    const [a, b] = [await channel(), await channel()];
    const deaf: number[] = [];
    const heard: EndedSessions[] = [];
    b.subscribe({ ended: (e) => heard.push(e), deaf: () => deaf.push(Date.now()) });
    const admin = new Redis(REDIS_URL);
    try {
      // The server drops b's listening connection (as a restart or a network cut would).
      const clients = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
      const own = clients.split('\n').filter((line) => line.includes(`name=${b.connectionName}`));
      expect(own).toHaveLength(1);
      await admin.call('CLIENT', 'KILL', 'ID', /id=(\d+)/.exec(own[0]!)![1]!);
    } finally {
      admin.disconnect();
    }
    await until(() => deaf.length > 0);
    expect(deaf).toHaveLength(1);
    await until(() => b.listening);
    expect(b.listening).toBe(true);
    await a.publish({ sessionId: 'after' });
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ sessionId: 'after' }]);
  });

  it('When Redis goes away after the channel connected, then a logout publishing on it is not held up, and does not fail', async () => {
    if (!available) return console.warn(`SKIPPED: no Redis at ${REDIS_URL}; run npm run infra:up`);
    // A proxy in front of Redis, closed to cut the channel off as an outage would.
    const target = new URL(REDIS_URL);
    const sockets = new Set<Socket>();
    const proxy = createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const { port } = proxy.address() as AddressInfo;
    const cut = new RedisSessionEnds(`redis://127.0.0.1:${port}`, namespace);
    channels.push(cut);
    expect(await cut.ready()).toBe(true);
    await new Promise<void>((r) => {
      proxy.close(() => r());
      for (const s of sockets) s.destroy();
    });
    await until(() => !cut.listening);
    const t0 = Date.now();
    await expect(cut.publish({ sessionId: 'during-outage' })).resolves.toBeUndefined();
    expect(Date.now() - t0).toBeLessThan(500);
  });

  /** One gateway process: its own memory and channel, the storage shared with the others. */
  async function gatewayProcess(models: ReadModels) {
    const env = gatewayEnv.parse({
      NODE_ENV: 'test',
      INTERNAL_SECRET: TEST_SECRET,
      SCRYPT_N: String(2 ** 10),
      PARTNERS_URL: 'http://127.0.0.1:9',
    });
    const built = buildGateway({
      env,
      logger: createLogger('gateway', 'silent'),
      models,
      sessionEnds: await channel(),
    });
    await built.users.upsert({ ...ADMIN, role: 'admin' });
    return built.app;
  }

  it('When the admin logs out through one process, then the session another process just used gets 401 there at once', async () => {
    if (!available) return console.warn(`SKIPPED: no Redis at ${REDIS_URL}; run npm run infra:up`);
    const models = new SqliteReadModels(openSqlite(':memory:'));
    const [a, b] = [await gatewayProcess(models), await gatewayProcess(models)];
    const login = await request(a).post('/api/auth/login').send(ADMIN).expect(200);
    const cookie = login.headers['set-cookie'] as unknown as string[];
    const csrf = (login.body as { csrfToken: string }).csrfToken;
    await request(b).get('/api/auth/me').set('Cookie', cookie).expect(200);
    await request(b).get('/api/auth/me').set('Cookie', cookie).expect(200);
    await request(a)
      .post('/api/auth/logout')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', csrf)
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(204);
    await request(b).get('/api/auth/me').set('Cookie', cookie).expect(401);
  });
});
