import request from 'supertest';
import { contentService } from '@12yards/content/src/definition';
import { statusService } from '@12yards/status/src/definition';
import { type EventBus } from '@12yards/platform';
import { signedAs } from '@12yards/platform/testing';
import { startStack, type Stack } from '../src/testing';

jest.setTimeout(60_000);

const ADMIN = { username: 'ops', role: 'admin' as const };
const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  excerpt: 'An excerpt.',
  content: 'The whole story.',
  category: 'general',
  published: true,
  ...extra,
});

/**
 * The bus, with every event delivered a second late: a write through this gateway must not wait for its event to
 * be read back (a networked bus can lag).
 */
const late = (bus: EventBus): EventBus => ({
  needsRelay: bus.needsRelay,
  publish: (topic, events) => bus.publish(topic, events),
  subscribe: (group, topics, handler) =>
    bus.subscribe(group, topics, async (event, topic) => {
      await new Promise((r) => setTimeout(r, 1000));
      await handler(event, topic);
    }),
  ready: () => bus.ready(),
  close: () => bus.close(),
});

/** Polls until `check` passes or `ms` elapse. */
async function within(ms: number, check: () => Promise<boolean>): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('public reads through the gateway (kept in memory, revalidated with ETags)', () => {
  let stack: Stack;
  let now = new Date('2026-06-01T12:00:00.000Z');

  beforeAll(async () => {
    stack = await startStack({ services: [contentService, statusService], clock: () => now, wrapBus: late });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const titles = (body: { title: string }[]) => body.map((a) => a.title);

  it.each([
    '/api/service-status',
    '/api/news',
    '/api/faqs',
    '/api/app-gallery',
    '/api/settings/show_app_gallery',
  ])('%s: a strong ETag, a short public Cache-Control, and 304 for a repeat visitor', async (path) => {
    const first = await request(stack.app).get(path).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/
    expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    // The gateway's bookkeeping with the services never reaches the client.
    expect(first.headers['x-read-position']).toBeUndefined();

    const again = await request(stack.app).get(path).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    // Served from the gateway's memory, with the same security headers as every other answer.
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['x-request-id']).toBeTruthy();

    const plain = await request(stack.app).get(path).expect(200);
    expect(plain.text).toBe(first.text);
    expect(plain.headers.etag).toBe(etag);
    const head = await request(stack.app).head(path).expect(200);
    expect(head.headers.etag).toBe(etag);
  });

  it('answers repeated public reads from memory, and the service answers 304 itself too', async () => {
    await request(stack.app).get('/api/service-status').expect(200);
    const hits = stack.reads.hits;
    await request(stack.app).get('/api/service-status').expect(200);
    await request(stack.app).get('/api/service-status').expect(200);
    expect(stack.reads.hits).toBe(hits + 2);

    const direct = stack.services.status!.app;
    const res = await request(direct).get('/api/service-status').expect(200);
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    await request(direct)
      .get('/api/service-status')
      .set('If-None-Match', res.headers.etag as string)
      .expect(304);
  });

  it('a publish changes the next public read at once, and the old ETag no longer matches', async () => {
    const { agent, csrf } = await stack.login();
    const before = await request(stack.app).get('/api/news').expect(200);
    const oldEtag = before.headers.etag as string;
    await request(stack.app).get('/api/news').set('If-None-Match', oldEtag).expect(304);

    for (let i = 1; i <= 3; i++) {
      await agent
        .post('/api/news')
        .set('X-CSRF-Token', csrf)
        .send(article(`Cup final ${i}`))
        .expect(201);
      // The very next read, with the validator the visitor holds: the new list, never the kept one.
      const after = await request(stack.app).get('/api/news').set('If-None-Match', oldEtag).expect(200);
      expect(titles(after.body)).toContain(`Cup final ${i}`);
      expect(after.headers.etag).not.toBe(oldEtag);
      await request(stack.app)
        .get('/api/news')
        .set('If-None-Match', after.headers.etag as string)
        .expect(304);
      // And the service's own copy agrees.
      const direct = await request(stack.services.content!.app).get('/api/news').expect(200);
      expect(direct.headers.etag).toBe(after.headers.etag);
    }

    const status = await request(stack.app).get('/api/service-status').expect(200);
    await agent
      .put('/api/admin/service-status/auctions')
      .set('X-CSRF-Token', csrf)
      .send({ status: 'issue' })
      .expect(200);
    const changed = await request(stack.app).get('/api/service-status').expect(200);
    expect(changed.headers.etag).not.toBe(status.headers.etag);
    expect(changed.body.find((s: { id: string }) => s.id === 'auctions').status).toBe('issue');
  });

  it('a kept answer of 1 KB or more is sent compressed from memory to clients that accept it', async () => {
    const { agent, csrf } = await stack.login();
    await agent
      .post('/api/news')
      .set('X-CSRF-Token', csrf)
      .send(article('A long read', { content: 'A season in the stands. '.repeat(200) }))
      .expect(201);
    const plain = await request(stack.app).get('/api/news').set('Accept-Encoding', 'identity').expect(200);
    const hits = stack.reads.hits;
    let br: request.Response | undefined;
    await within(5000, async () => {
      br = await request(stack.app).get('/api/news').set('Accept-Encoding', 'gzip, deflate, br').expect(200);
      return br.headers['content-encoding'] === 'br';
    });
    expect(stack.reads.hits).toBeGreaterThan(hits);
    expect(br!.body).toEqual(plain.body);
    expect(br!.headers.vary).toBe('Accept-Encoding');
    expect(Number(br!.headers['content-length'])).toBeLessThan(Buffer.byteLength(plain.text));
    const gz = await request(stack.app).get('/api/news').set('Accept-Encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toEqual(plain.body);
    // One validator for the one JSON, whatever the encoding (as on the proxied path).
    expect(br!.headers.etag).toBe(plain.headers.etag);
    await request(stack.app)
      .get('/api/news')
      .set('Accept-Encoding', 'br')
      .set('If-None-Match', plain.headers.etag as string)
      .expect(304);
  });

  it('a write made elsewhere (another gateway replica) reaches this gateway by its event', async () => {
    const seen = await request(stack.app).get('/api/faqs').expect(200);
    // Straight to the service, as another gateway would send it: this gateway only hears of it from the bus.
    await request(stack.services.content!.app)
      .post('/api/admin/faqs')
      .use(signedAs(ADMIN))
      .send({
        question: 'Is there parking?',
        answer: 'Yes, at the north stand.',
        sortOrder: 1,
        isActive: true,
      })
      .expect(201);
    // A bound on delivery, not a latency budget: parallel test workers can slow the bus on a 2-core machine.
    await within(15_000, async () => {
      const res = await request(stack.app).get('/api/faqs');
      return res.status === 200 && res.headers.etag !== seen.headers.etag;
    });
    const res = await request(stack.app).get('/api/faqs').expect(200);
    expect(res.body.map((f: { question: string }) => f.question)).toContain('Is there parking?');
  });

  it('a scheduled article appears when its publish date comes, with no event to announce it', async () => {
    const { agent, csrf } = await stack.login();
    const at = new Date(now.getTime() + 60_000).toISOString();
    await agent
      .post('/api/news')
      .set('X-CSRF-Token', csrf)
      .send(article('Season tickets on sale', { publishDate: at }))
      .expect(201);
    const early = await request(stack.app).get('/api/news').expect(200);
    expect(titles(early.body)).not.toContain('Season tickets on sale');
    expect((await request(stack.app).get('/api/news').expect(200)).headers.etag).toBe(early.headers.etag);

    now = new Date(now.getTime() + 61_000);
    const due = await request(stack.app)
      .get('/api/news')
      .set('If-None-Match', early.headers.etag as string);
    expect(due.status).toBe(200);
    expect(titles(due.body)).toContain('Season tickets on sale');
  });

  it('admin reads carry no ETag and no-store, even when asked with If-None-Match', async () => {
    const { agent } = await stack.login();
    for (const path of [
      '/api/admin/news',
      '/api/admin/faqs',
      '/api/admin/settings',
      '/api/admin/app-gallery',
    ]) {
      const res = await agent.get(path).expect(200);
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      const again = await agent.get(path).set('If-None-Match', '*').expect(200);
      expect(again.headers.etag).toBeUndefined();
      expect(again.headers['cache-control']).toBe('no-store');
    }
  });
});
