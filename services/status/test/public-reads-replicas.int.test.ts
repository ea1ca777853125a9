import request from 'supertest';
import { startService, type RunningService } from '@12yards/platform';
import { signedAs, testServiceEnv } from '@12yards/platform/testing';
import { statusService } from '../src/definition';

/**
 * Two replicas of the status service sharing one store and read models (as replicas share MongoDB): each keeps
 * its public answers in memory, and a write through one is read at once through the other, whose own projector
 * never applied it (the shared checkpoint says it is out of date).
 */
describe('public reads kept in memory by two replicas of one service', () => {
  let env: ReturnType<typeof testServiceEnv>;
  let a: RunningService;
  let b: RunningService;

  beforeAll(async () => {
    env = testServiceEnv();
    a = await startService(statusService, env);
    b = await startService(statusService, env);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    env.cleanup();
  });

  const auctions = (body: { id: string; status: string }[]) => body.find((s) => s.id === 'auctions')!.status;

  it('a write through one replica changes the next public read of the other, ETag included', async () => {
    for (const status of ['issue', 'operational', 'issue']) {
      const before = await request(b.app).get('/api/service-status').expect(200);
      await request(b.app)
        .get('/api/service-status')
        .set('If-None-Match', before.headers.etag as string)
        .expect(304);

      const path = '/api/admin/service-status/auctions';
      await request(a.app)
        .put(path)
        .use(signedAs({ username: 'ops', role: 'admin' }))
        .send({ status })
        .expect(200);

      const after = await request(b.app)
        .get('/api/service-status')
        .set('If-None-Match', before.headers.etag as string);
      expect(after.status).toBe(200);
      expect(auctions(after.body)).toBe(status);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      // Same data, same bytes, same validator on both replicas.
      const fromA = await request(a.app).get('/api/service-status').expect(200);
      expect(fromA.headers.etag).toBe(after.headers.etag);
    }
  });

  it('an admin read on a replica is never cached', async () => {
    const res = await request(b.app)
      .get('/api/service-status')
      .use(signedAs({ username: 'ops', role: 'admin' }));
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
