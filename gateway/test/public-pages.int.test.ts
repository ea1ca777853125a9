import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { contentService } from '@12yards/content/src/definition';
import { statusService } from '@12yards/status/src/definition';
import { createLogger } from '@12yards/platform';
import { startStack, type Stack } from '../src/testing';
import { mountWeb } from '../src/web/static';
import { publicPages, serverEntryOf } from '../src/web/setup';
import { encodeCursor, type NewsArticle } from '@12yards/api';
import { FEED_ITEMS, MAX_CURSOR_PAGES, type PublicPages } from '../src/web/pages';

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

  beforeAll(async () => {
    ensureShellBuilt();
    stack = await startStack({
      services: [contentService, statusService],
      // The pages register on the gateway's one subscription, as main.ts has them.
      web: async ({ env, subscriptions }) => {
        pages = await publicPages({ env, logger: createLogger('gateway'), subscriptions, shellDist });
        return (app) => mountWeb(app, { shellDist, adminDist, pages });
      },
    });
  });
  afterAll(async () => {
    await pages?.stop();
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
    // Past the settling re-render that follows an event (pages.ts SETTLE_MS), nothing changes any more.
    await new Promise((r) => setTimeout(r, 600));
    await html('/');
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

  /** The article titles a /news page lists, in order, and the href of its "Load more" link. */
  const listed = (page: string) => {
    const list = /<ul aria-labelledby="news-articles"[^>]*>([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? '';
    const titles = [...list.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((m) => m[1]!);
    const more = /<a href="(\/news\?cursor=[A-Za-z0-9_-]+)"[^>]*>Load more<\/a>/.exec(page)?.[1];
    return { titles, more };
  };

  it('When there are more than 20 published articles, then /news lists 20 and its Load more link leads, without JavaScript, to pages with the rest: each article reachable exactly once', async () => {
    const { agent, csrf } = await stack.login();
    const created: NewsArticle[] = [];
    for (let i = 1; i <= 26; i++) {
      const res = await agent
        .post('/api/news')
        .set('X-CSRF-Token', csrf)
        .send({ title: `Matchday ${i}`, excerpt: `Round ${i}.`, content: 'Report.', published: true })
        .expect(201);
      created.push(res.body as NewsArticle);
    }
    // Every published article, as the API walks them.
    const all: string[] = [];
    for (let url: string | undefined = '/api/news?limit=100'; url;) {
      const res: request.Response = await request(stack.app).get(url).expect(200);
      all.push(...(res.body as NewsArticle[]).map((a) => a.title));
      url = /<([^>]+)>;\s*rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    expect(all.length).toBeGreaterThanOrEqual(29);

    await within(1000, async () => listed(await html('/news')).titles.includes('Matchday 26'));
    const first = listed(await html('/news'));
    expect(first.titles).toHaveLength(20);
    expect(first.more).toBeDefined();
    const seen = [...first.titles];
    for (let href = first.more, pages = 1; href; pages++) {
      expect(pages).toBeLessThan(10);
      const page = await html(href);
      expect(page).toContain(`<link rel="canonical" href="https://12yards.com${href}" data-page-head>`);
      // The page's own data is embedded: the browser hydrates it without asking again.
      expect(page).toContain(`"pageParams":["${href.split('=')[1]}"]`);
      const next = listed(page);
      expect(next.titles.length).toBeGreaterThan(0);
      seen.push(...next.titles);
      href = next.more;
    }
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
    // The feed carries the latest FEED_ITEMS (50), not the API's default page of 20.
    const feed = await request(stack.app).get('/news/feed.xml').expect(200);
    const items = [...feed.text.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(items).toEqual(all.slice(0, FEED_ITEMS));

    // A changed article on a later page shows there at once (the cursor pages are invalidated by the same events).
    const oldest = created[0]!;
    expect(first.titles).not.toContain(oldest.title);
    await agent
      .put(`/api/admin/news/${oldest.id}`)
      .set('X-CSRF-Token', csrf)
      .send({ ...oldest, title: 'Matchday 1 (replayed)' })
      .expect(200);
    await within(1000, async () => (await html(first.more!)).includes('Matchday 1 (replayed)'));
  });

  it('When /news is read with a cursor that is not one, then the first page answers; and many cursors keep a bounded number of pages', async () => {
    const page = await request(stack.app)
      .get('/news?cursor=%7B%22x%22')
      .set('Accept', 'text/html')
      .expect(200);
    expect(listed(page.text).titles).toEqual(listed(await html('/news')).titles);
    // Cursors as the API makes them ([publishDate, order, id]), each naming another position.
    const real = listed(await html('/news')).more!.split('=')[1]!;
    const [, order, id] = JSON.parse(Buffer.from(real, 'base64url').toString('utf8')) as [
      string,
      number,
      string,
    ];
    for (let i = 0; i < MAX_CURSOR_PAGES + 8; i++) {
      const at = new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString();
      const cursor = encodeCursor({ values: [at, order], id });
      await request(stack.app).get(`/news?cursor=${cursor}`).set('Accept', 'text/html').expect(200);
    }
    // Each was rendered complete and kept, up to the bound.
    expect(pages!.cursorPages.size).toBe(MAX_CURSOR_PAGES);
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
