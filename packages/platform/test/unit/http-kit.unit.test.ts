import request from 'supertest';
import { z } from 'zod';
import { newsInput } from '@12yards/api';
import { createHttpApp, finishHttpApp } from '../../src/http/app';
import { IDENTITY_HEADER } from '../../src/http/identity';
import { notFound } from '../../src/http/errors';
import { parse } from '../../src/http/validate';
import { createLogger } from '../../src/observability/logging';

function app() {
  const logger = createLogger('t', 'silent');
  const a = createHttpApp({
    logger,
    jsonLimit: '1kb',
    readiness: { db: async () => true, bus: async () => false },
  });
  a.post('/items', (req, res) => {
    const body = parse(z.object({ name: z.string().min(1, 'name is required') }), req.body);
    res.status(201).json(body);
  });
  a.get('/missing', () => {
    throw notFound('No such item');
  });
  a.get('/boom', () => {
    throw new Error('secret internals');
  });
  return finishHttpApp(a, logger);
}

describe('http kit', () => {
  it('When input is invalid, then 400 with the zod issues as details', async () => {
    const res = await request(app()).post('/items').send({ name: '' }).expect(400);
    expect(res.body).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Invalid input: name: name is required',
        details: [{ path: 'name', message: 'name is required', code: 'too_small' }],
      },
    });
  });

  it('When the body is not JSON or too large, then 400 or 413 as JSON', async () => {
    const bad = await request(app())
      .post('/items')
      .set('content-type', 'application/json')
      .send('{nope')
      .expect(400);
    expect(bad.body.error.code).toBe('invalid_json');
    const big = await request(app())
      .post('/items')
      .send({ name: 'x'.repeat(2000) })
      .expect(413);
    expect(big.body.error.code).toBe('payload_too_large');
  });

  it('When a handler throws, then known errors keep their status and unknown ones hide their message', async () => {
    expect((await request(app()).get('/missing').expect(404)).body).toEqual({
      error: { code: 'not_found', message: 'No such item' },
    });
    const boom = await request(app()).get('/boom').expect(500);
    expect(boom.body.error.message).not.toContain('secret');
    expect((await request(app()).get('/nowhere').expect(404)).body.error.message).toBe(
      'No route for GET /nowhere',
    );
  });

  it('When a request id is given, then it is echoed; else one is made', async () => {
    expect(
      (await request(app()).get('/healthz').set('x-request-id', 'abc-123')).headers['x-request-id'],
    ).toBe('abc-123');
    expect((await request(app()).get('/healthz')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('When a readiness check fails, then /readyz answers 503 naming it', async () => {
    const res = await request(app()).get('/readyz').expect(503);
    expect(res.body).toEqual({ status: 'not_ready', checks: { db: true, bus: false } });
  });

  describe('caching', () => {
    function cachingApp() {
      const logger = createLogger('t', 'silent');
      const a = createHttpApp({ logger });
      const list = { items: ['a', 'b', 'c'] };
      a.get('/api/news', (_req, res) => {
        res.set('Cache-Control', 'no-cache').json(list);
      });
      a.get('/api/admin/news', (_req, res) => {
        // A handler that forgets (or gets wrong) the admin caching rules is overruled.
        res
          .set('Cache-Control', 'public, max-age=600')
          .set('Last-Modified', new Date(0).toUTCString())
          .json(list);
      });
      a.get('/api/partners', (_req, res) => {
        res.json(list);
      });
      return finishHttpApp(a, logger);
    }

    it('When a public GET is repeated with its ETag, then 304', async () => {
      const app = cachingApp();
      const first = await request(app).get('/api/news').expect(200);
      expect(first.headers.etag).toEqual(expect.any(String));
      expect(first.headers['cache-control']).toBe('no-cache');
      await request(app).get('/api/news').set('If-None-Match', first.headers.etag!).expect(304);
    });

    it('When an admin GET is repeated with If-None-Match or If-Modified-Since, then 200 with no-store and no ETag', async () => {
      const app = cachingApp();
      const etag = (await request(app).get('/api/news').expect(200)).headers.etag!;
      for (const path of ['/api/admin/news', '/api/admin/news/', '/API/Admin/news']) {
        const res = await request(app)
          .get(path)
          .set('If-None-Match', etag)
          .set('If-Modified-Since', new Date().toUTCString())
          .expect(200);
        expect(res.body).toEqual({ items: ['a', 'b', 'c'] });
        expect(res.headers.etag).toBeUndefined();
        expect(res.headers['last-modified']).toBeUndefined();
        expect(res.headers['cache-control']).toBe('no-store');
      }
      await request(app).get('/api/admin/nowhere').expect('Cache-Control', 'no-store').expect(404);
    });

    it('When a request carries an admin identity (an admin-only public path behind the gateway), then it is not cached either', async () => {
      const app = cachingApp();
      const etag = (await request(app).get('/api/partners').expect(200)).headers.etag!;
      const res = await request(app)
        .get('/api/partners')
        .set(IDENTITY_HEADER, 'signed-by-the-gateway')
        .set('If-None-Match', etag)
        .expect(200);
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('JSON body limit', () => {
    function newsApp() {
      const logger = createLogger('t', 'silent');
      const a = createHttpApp({ logger });
      a.post('/api/news', (req, res) => {
        const article = parse(newsInput, req.body);
        res.status(201).json({ contentLength: article.content.length });
      });
      return finishHttpApp(a, logger);
    }
    // Every character written as a \uXXXX escape: 6 bytes each, the worst case for a JSON string.
    const escaped = (n: number) => '\\u00e9'.repeat(n);
    const article = (contentChars: number) =>
      `{"title":"${escaped(300)}","excerpt":"${escaped(1000)}","content":"${escaped(contentChars)}"}`;

    it('When a news article has the longest content the schema allows, all non-ASCII and escaped, then it is accepted', async () => {
      const body = article(100_000);
      expect(Buffer.byteLength(body)).toBeGreaterThan(600_000);
      const res = await request(newsApp())
        .post('/api/news')
        .set('content-type', 'application/json')
        .send(body)
        .expect(201);
      expect(res.body).toEqual({ contentLength: 100_000 });
      // The same in raw UTF-8 (2 to 4 bytes a character) fits too.
      const raw = { title: 'é'.repeat(300), excerpt: '€'.repeat(1000), content: '😀'.repeat(50_000) };
      await request(newsApp()).post('/api/news').send(raw).expect(201);
    });

    it('When the body is above the limit, then 413', async () => {
      const body = article(200_000);
      expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
      const res = await request(newsApp())
        .post('/api/news')
        .set('content-type', 'application/json')
        .send(body)
        .expect(413);
      expect(res.body.error.code).toBe('payload_too_large');
    });
  });
});
