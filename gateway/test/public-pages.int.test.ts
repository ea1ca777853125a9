import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { contentService } from '@12yards/content/src/definition';
import { statusService } from '@12yards/status/src/definition';
import { createLogger, SERVICES, serviceDbFile, SqliteEventBus } from '@12yards/platform';
import { startStack, type Stack } from '../src/testing';
import { mountWeb } from '../src/web/static';
import { publicPages, serverEntryOf } from '../src/web/setup';
import type { PublicPages } from '../src/web/pages';

jest.setTimeout(180_000);

const root = resolve(__dirname, '../..');
const shellDist = join(root, 'web/shell/dist');
const adminDist = join(root, 'web/admin/dist');

/** The shell's client build and server entry, built once if missing. */
function ensureShellBuilt() {
  if (existsSync(join(shellDist, 'index.html')) && existsSync(serverEntryOf(shellDist))) return;
  const r = spawnSync('npm', ['run', 'build', '-w', 'web/shell'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`shell build failed: ${r.stderr}`);
}

/** Polls until `check` passes or `ms` elapse; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('public pages through the gateway', () => {
  let stack: Stack;
  let pages: PublicPages | undefined;
  let bus: SqliteEventBus | undefined;

  beforeAll(async () => {
    ensureShellBuilt();
    stack = await startStack({
      services: [contentService, statusService],
      web: async ({ env, db, dataDir }) => {
        const topics = Object.fromEntries(SERVICES.map((s) => [s, serviceDbFile(dataDir, s)]));
        bus = new SqliteEventBus({ topics, db, pollMs: 50 });
        pages = await publicPages({ env, logger: createLogger('gateway'), bus, shellDist });
        return (app) => mountWeb(app, { shellDist, adminDist, pages });
      },
    });
  });
  afterAll(async () => {
    await pages?.stop();
    await bus?.close();
    await stack?.stop();
  });

  const html = async (path: string) =>
    (await request(stack.app).get(path).set('Accept', 'text/html').expect('Content-Type', /html/)).text;

  it('When an admin publishes an article, then GET / and /news show it within 1 s, and an unchanged page is not rendered again', async () => {
    const { agent, csrf } = await stack.login();
    await agent
      .post('/api/admin/faqs')
      .set('X-CSRF-Token', csrf)
      .send({ question: 'Is there a setup fee?', answer: 'No.', sortOrder: 1 })
      .expect(201);
    const first = 'Derby day: the stands sing';
    await agent
      .post('/api/news')
      .set('X-CSRF-Token', csrf)
      .send({ title: first, excerpt: 'A win.', content: 'Full story.', published: true })
      .expect(201);
    await within(1000, async () => (await html('/')).includes(first));

    const home = await html('/');
    expect(home).toContain('Is there a setup fee?');
    expect(home).toContain('id="hero-heading"');
    expect(home).toContain('Become a 12Yards partner');
    const renders = pages!.cache.renders;
    await html('/');
    await html('/');
    expect(pages!.cache.renders).toBe(renders);

    const title = 'Transfer window: three new partner clubs';
    await agent
      .post('/api/news')
      .set('X-CSRF-Token', csrf)
      .send({ title, excerpt: 'Three clubs join.', content: 'Story.', published: true })
      .expect(201);
    // Both pages, from the moment the admin's write was answered.
    const [tookHome, tookNews] = await Promise.all([
      within(1000, async () => (await html('/')).includes(title)),
      within(1000, async () => (await html('/news')).includes(title)),
    ]);
    expect(tookHome).toBeLessThan(1000);
    expect(tookNews).toBeLessThan(1000);
    expect(await html('/news')).toContain(first);
  });

  it('When a page is read, then its data is embedded for hydration and it has its own title and description', async () => {
    const home = await html('/');
    expect(home).toMatch(/<script type="application\/json" id="page-state">\{"now":\d+,"queries":/);
    expect(home).toContain('"queryKey":["/api/news"]');
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of [
      '/',
      '/news',
      '/status',
      '/privacy-policy',
      '/terms-of-service',
      '/partner-console',
    ]) {
      const page = await html(path);
      const t = /<title[^>]*>([^<]+)<\/title>/.exec(page)?.[1];
      const d = /<meta name="description" content="([^"]+)"/.exec(page)?.[1];
      expect(t).toBeTruthy();
      expect(d).toBeTruthy();
      // The CSP allows no inline script: everything on the page is complete HTML, data travels as JSON.
      expect(page).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(json|ld\+json)")[^>]*>/);
      titles.add(t!);
      descriptions.add(d!);
    }
    expect(titles.size).toBe(6);
    expect(descriptions.size).toBe(6);
  });

  it('When search engines read the site, then / has Organization JSON-LD, /news links its feed and has NewsArticle JSON-LD, and the private pages are noindex', async () => {
    const home = await html('/');
    expect(home).toMatch(/<html lang="en-GB">/);
    expect(home).toContain('<link rel="canonical" href="https://12yards.com/" data-page-head>');
    expect(home).toMatch(/<meta property="og:title" content="[^"]+" data-page-head>/);
    expect(home).toMatch(/<meta name="twitter:card" content="summary_large_image" data-page-head>/);
    expect(home).toContain('"@type":"Organization"');
    expect(home).not.toContain('noindex');
    const news = await html('/news');
    expect(news).toContain(
      '<link rel="alternate" type="application/rss+xml" title="12Yards News" href="/news/feed.xml" data-page-head>',
    );
    expect(news).toContain('"@type":"NewsArticle","headline":"Derby day: the stands sing"');
    for (const path of ['/admin-login', '/admin12YardsDB', '/partner-console'])
      expect(await html(path)).toContain('<meta name="robots" content="noindex, nofollow" data-page-head>');
  });

  it('When the sitemap and the feed are read, then the sitemap lists the public routes and the feed the published articles only', async () => {
    const sitemap = await request(stack.app).get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.text).toContain('<loc>https://12yards.com/news</loc>');
    expect(sitemap.text).not.toContain('partner-console');
    const { agent, csrf } = await stack.login();
    await agent
      .post('/api/news')
      .set('X-CSRF-Token', csrf)
      .send({ title: 'Hidden draft', excerpt: 'x', content: 'y', published: false })
      .expect(201);
    const feed = await request(stack.app).get('/news/feed.xml').expect(200);
    expect(feed.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(feed.text).toContain('<rss version="2.0"');
    expect(feed.text).toContain('<title>Derby day: the stands sing</title>');
    expect(feed.text).toContain('<title>Transfer window: three new partner clubs</title>');
    expect(feed.text).not.toContain('Hidden draft');
  });

  it('When a browser reads the JSON API accepting gzip, then the answer is compressed and the same JSON', async () => {
    const { agent, csrf } = await stack.login();
    await agent
      .post('/api/news')
      .set('X-CSRF-Token', csrf)
      .send({
        title: 'Long read',
        excerpt: 'Long.',
        content: 'A season in the stands. '.repeat(200),
        published: true,
      })
      .expect(201);
    const gz = await request(stack.app).get('/api/news').set('Accept-Encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toMatch(/Accept-Encoding/);
    const plain = await request(stack.app).get('/api/news').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.body).toEqual(plain.body);
  });

  it('When an unknown path is read, then the 404 page is rendered with status 404', async () => {
    const res = await request(stack.app).get('/no/such/page').set('Accept', 'text/html').expect(404);
    expect(res.text).toContain('404 Page Not Found');
    expect(res.text).toContain('<meta name="robots" content="noindex, nofollow"');
  });

  it('When a browser accepts brotli or gzip, then the page and its assets come compressed, with Vary', async () => {
    const br = await request(stack.app)
      .get('/')
      .set('Accept', 'text/html')
      .set('Accept-Encoding', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/);
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(br.text)![1]!;
    const asset = await request(stack.app)
      .get(script)
      .set('Accept-Encoding', 'gzip, deflate, br')
      .expect(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['vary']).toMatch(/Accept-Encoding/);
    const gz = await request(stack.app).get(script).set('Accept-Encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await request(stack.app).get(script).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // supertest decodes what it receives: every variant is the same script.
    expect(plain.text.length).toBeGreaterThan(100);
    expect(gz.text).toBe(plain.text);
    expect(asset.text).toBe(plain.text);
  });
});
