import { createHash } from 'node:crypto';
import request from 'supertest';
import { contentService } from '@12yards/content/src/definition';
import { partnersService } from '@12yards/partners/src/definition';
import { startStack, type Stack } from '../src/testing';

/** The weak ETag Express would give this body (the etag package's formula). */
const expressEtag = (body: string) => {
  const hash = createHash('sha1').update(body, 'utf8').digest('base64').substring(0, 27);
  return `W/"${Buffer.byteLength(body).toString(16)}-${hash}"`;
};

const contact = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  subject: 'Hello',
  message: 'A question about the app',
});

describe('gateway: paths in any spelling get the same gate', () => {
  let stack: Stack;
  beforeEach(async () => {
    stack = await startStack({ services: [partnersService], publicWritesPerIp: 3 });
  });
  afterEach(async () => stack.stop());

  it('When public forms are posted with a trailing slash or another case, then they still count against the per-IP limit', async () => {
    // Each spelling reaches the same handler (Express matches without case and trailing slash) ...
    for (const [n, path] of ['/api/contacts', '/api/contacts/', '/API/Contacts'].entries()) {
      await request(stack.app).post(path).send(contact(n)).expect(201);
    }
    // ... so each counted: the budget of 3 is spent, whatever the spelling of the next one.
    for (const path of [
      '/api/contacts/',
      '/api/contacts//',
      '/Api/Contacts/',
      '/api/partners/',
      '/API/PARTNERS',
    ]) {
      const res = await request(stack.app).post(path).send(contact(9)).expect(429);
      expect(res.body.error.code).toBe('too_many_requests');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const { agent } = await stack.login();
    const messages = (await agent.get('/api/contacts').expect(200)).body as { name: string }[];
    expect(messages.map((m) => m.name).sort()).toEqual(['Visitor 0', 'Visitor 1', 'Visitor 2']);
  });

  it('When an admin-only public path is called with a trailing slash or another case, then 401 without a session', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/partners/'],
      ['GET', '/api/partners//'],
      ['GET', '/API/Partners'],
      ['HEAD', '/Api/Partners/'],
      ['GET', '/api/contacts/'],
      ['GET', '/API/CONTACTS'],
      ['POST', '/api/news/'],
      ['POST', '/API/News'],
      ['POST', '/api/upload/'],
      ['POST', '/Api/Upload'],
      ['GET', '/API/ADMIN/partners'],
      ['GET', '/api/Admin/no-such-thing/'],
    ];
    for (const [method, path] of calls) {
      const res = await request(stack.app)[method.toLowerCase() as 'get' | 'head' | 'post'](path);
      expect([method, path, res.status]).toEqual([method, path, 401]);
      if (method !== 'HEAD') expect(res.body.error.code).toBe('unauthorized');
    }
  });

  it('When an admin GET is repeated with a matching If-None-Match, then 200 with no-store and no ETag (never 304)', async () => {
    await request(stack.app).post('/api/contacts').send(contact(1)).expect(201);
    const { agent } = await stack.login();
    for (const path of ['/api/contacts', '/api/admin/partner-action-counts']) {
      const first = await agent.get(path).expect(200);
      expect(first.headers.etag).toBeUndefined();
      expect(first.headers['cache-control']).toBe('no-store');
      const again = await agent
        .get(path)
        .set('If-None-Match', expressEtag(first.text))
        .set('If-Modified-Since', new Date(Date.now() + 60_000).toUTCString())
        .expect(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.etag).toBeUndefined();
      expect(again.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('gateway: body size', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ services: [contentService] });
  });
  afterAll(async () => stack.stop());

  // Every character written as a \uXXXX escape: 6 bytes each, the worst case for a JSON string.
  const article = (chars: number) =>
    `{"title":"Derby day","excerpt":"A win","content":"${'\\u20ac'.repeat(chars)}","published":true}`;

  it('When an admin posts the longest article the schema allows, all non-ASCII and escaped, then the gateway passes it whole', async () => {
    const { agent, csrf } = await stack.login();
    const body = article(100_000);
    expect(Buffer.byteLength(body)).toBeGreaterThan(600_000);
    const res = await agent
      .post('/api/news')
      .set('X-CSRF-Token', csrf)
      .set('content-type', 'application/json')
      .send(body)
      .expect(201);
    expect(res.body.content).toBe('€'.repeat(100_000));
    const tooBig = await agent
      .post('/api/news')
      .set('X-CSRF-Token', csrf)
      .set('content-type', 'application/json')
      .send(article(200_000))
      .expect(413);
    expect(tooBig.body.error.code).toBe('payload_too_large');
  });
});
