import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { statusService } from '@12yards/status/src/definition';
import { startStack, type Stack } from '../src/testing';
import { mountWeb } from '../src/web/static';
import { immutableAssets } from '../src/web/immutable-assets';

const ASSET = '/assets/index-Ab12Cd34.js';
const SOURCE = Buffer.from(`export const hello = ${JSON.stringify('world '.repeat(500))};\n`);

describe('hashed web assets answered from memory before the middleware chain', () => {
  let stack: Stack;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'assets-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, ASSET), SOURCE);
    writeFileSync(join(dist, `${ASSET}.br`), brotliCompressSync(SOURCE));
    writeFileSync(join(dist, `${ASSET}.gz`), gzipSync(SOURCE));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
    stack = await startStack({
      services: [statusService],
      web: async () => (app) => mountWeb(app, { shellDist: dist, adminDist: join(dist, 'none') }),
      fastLane: [immutableAssets(dist)],
    });
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the brotli variant to a browser, immutable for a year, with the security headers and a 304', async () => {
    const res = await request(stack.app)
      .get(ASSET)
      .set('Accept-Encoding', 'gzip, deflate, br')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(SOURCE).length);
    expect((res.body as Buffer).equals(SOURCE)).toBe(true); // superagent decodes brotli

    const again = await request(stack.app)
      .get(ASSET)
      .set('Accept-Encoding', 'gzip, deflate, br')
      .set('If-None-Match', res.headers.etag as string);
    expect(again.status).toBe(304);
  });

  it('serves gzip or the plain file to clients that do not take brotli', async () => {
    const gz = await request(stack.app).get(ASSET).set('Accept-Encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(SOURCE.toString()); // supertest inflates gzip
    const plain = await request(stack.app).get(ASSET).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SOURCE.toString());
    expect(plain.headers.etag).not.toBe(gz.headers.etag);
  });

  it('leaves everything else to the static files (a Range request, an unhashed file, an unknown asset)', async () => {
    const range = await request(stack.app)
      .get(ASSET)
      .set('Range', 'bytes=0-5')
      .set('Accept-Encoding', 'identity');
    expect(range.status).toBe(206);
    expect(range.text).toBe(SOURCE.subarray(0, 6).toString());
    const robots = await request(stack.app).get('/robots.txt').expect(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    await request(stack.app).get('/assets/index-Zz99Yy88.js').expect(404);
  });
});
