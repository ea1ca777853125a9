import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { mountWeb, SHELL_ROUTES } from './static';

function fakeDists() {
  const dir = mkdtempSync(join(tmpdir(), 'web-'));
  const shellDist = join(dir, 'shell');
  const adminDist = join(dir, 'admin');
  mkdirSync(join(shellDist, 'assets'), { recursive: true });
  mkdirSync(join(adminDist, 'assets'), { recursive: true });
  writeFileSync(join(shellDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(shellDist, 'assets', 'index-DXxsFcPA.js'), 'console.log(1)');
  writeFileSync(join(shellDist, 'robots.txt'), 'User-agent: *');
  writeFileSync(
    join(shellDist, 'sitemap.xml'),
    '<?xml version="1.0" encoding="UTF-8"?><urlset><url><loc>https://12yards.com/</loc></url></urlset>',
  );
  writeFileSync(join(adminDist, 'remoteEntry.js'), 'export {}');
  writeFileSync(join(adminDist, 'assets', 'AdminApp-Bq3x9ZkL.js'), 'export {}');
  const app = express();
  app.get('/api/news', (_req, res) => res.json([]));
  mountWeb(app, { shellDist, adminDist });
  app.use((_req, res) => res.status(404).json({ error: { code: 'not_found', message: 'Not found' } }));
  return app;
}

describe('mountWeb', () => {
  const app = fakeDists();

  it('When a hashed asset is requested, then it is cached for a year as immutable', async () => {
    const res = await request(app).get('/assets/index-DXxsFcPA.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const admin = await request(app).get('/admin-app/assets/AdminApp-Bq3x9ZkL.js').expect(200);
    expect(admin.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('When index.html or the admin remoteEntry.js is requested, then it must be revalidated', async () => {
    expect(
      (await request(app).get('/').set('Accept', 'text/html').expect(200)).headers['cache-control'],
    ).toBe('no-cache');
    expect((await request(app).get('/admin-app/remoteEntry.js').expect(200)).headers['cache-control']).toBe(
      'no-cache',
    );
  });

  it('When a browser asks for a route of SPEC section 2, then it gets index.html with 200', async () => {
    expect(SHELL_ROUTES).toEqual([
      '/',
      '/news',
      '/admin-login',
      '/admin12YardsDB',
      '/partner-console',
      '/status',
      '/privacy-policy',
      '/terms-of-service',
    ]);
    for (const path of [...SHELL_ROUTES, '/news/', '/admin12YardsDB/anything']) {
      const res = await request(app).get(path).set('Accept', 'text/html,application/xhtml+xml').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root">');
    }
  });

  it('When a browser asks for an unknown path, then it gets index.html (the React 404 shows) with status 404', async () => {
    for (const path of ['/no/such/page', '/newsletter', '/status/extra']) {
      const res = await request(app).get(path).set('Accept', 'text/html,application/xhtml+xml').expect(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<div id="root">');
    }
  });

  it('When a missing file with an extension is requested (a stale chunk), then it is a 404, never index.html', async () => {
    for (const path of ['/assets/index-Old12345.js', '/assets/index-Old12345.css', '/favicon.ico']) {
      for (const accept of ['*/*', 'text/html,*/*']) {
        const res = await request(app).get(path).set('Accept', accept).expect(404);
        expect(res.headers['content-type']).not.toMatch(/text\/html/);
        expect(res.text).not.toContain('<div id="root">');
      }
    }
  });

  it('When /api, /media or a non-HTML request misses, then there is no SPA fallback', async () => {
    await request(app).get('/api/missing').set('Accept', 'text/html').expect(404);
    await request(app).get('/media/x.png').set('Accept', 'text/html').expect(404);
    await request(app).get('/news').set('Accept', 'application/json').expect(404);
    await request(app).post('/news').set('Accept', 'text/html').expect(404);
    expect((await request(app).get('/api/news').expect(200)).body).toEqual([]);
  });

  it('When robots.txt is requested, then it is served as a file', async () => {
    const res = await request(app).get('/robots.txt').expect(200);
    expect(res.text).toContain('User-agent');
  });

  it('When sitemap.xml is requested, then it is served as XML', async () => {
    const res = await request(app).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text).toContain('<urlset>');
  });
});
