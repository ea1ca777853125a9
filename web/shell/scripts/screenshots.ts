// Screenshots of /, /news and /status at 1280 and 390 px, taken with Debian's chromium against the built shell and
// admin served by the gateway's mountWeb, with the API answered by page.route. It also checks that / downloads no
// admin file and that /admin12YardsDB loads the admin remote. Run: npx tsx web/shell/scripts/screenshots.ts
// (build first: npm run build -w web/shell && npm run build -w web/admin). Output: e2e/screenshots/shell-*.png
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { chromium, type Page, type Route } from 'playwright-core';
import { mountWeb } from '../../../gateway/src/web/static';
import { chromiumLaunchOptions } from '../../../e2e/support/chromium';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2 A/AA violations axe-core finds on the page as it is now. */
async function audit(page: Page, label: string, problems: string[]) {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return r.violations.map(
      (v) =>
        `${v.id} (${v.nodes.length}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  });
  console.log(`axe ${label}: ${violations.length ? violations.join('; ') : 'no WCAG A/AA violations'}`);
  for (const v of violations) problems.push(`axe ${label}: ${v}`);
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const out = join(root, 'e2e', 'screenshots');
mkdirSync(out, { recursive: true });

const now = Date.now();
const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
const HOUR = 3_600_000;
const img = (hue: number, label: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${hue + 40},60%,18%)"/></linearGradient></defs><rect width="800" height="450" fill="url(#g)"/><text x="40" y="410" font-family="Arial" font-size="36" fill="white">${label}</text></svg>`,
  )}`;

const news = [
  ['Riverside Athletic launch their 12Yards app', 'transfer-news', 0.3 * HOUR, 150],
  ['Matchday polls break 10,000 votes', 'match-report', 5 * HOUR, 20],
  ['How AI score predictions raise money for charity', 'tactical-analysis', 3 * 24 * HOUR, 280],
  ['New: points auctions for signed shirts', 'general', 9 * 24 * HOUR, 200],
].map(([title, category, ago, hue], i) => ({
  id: `n${i}`,
  title,
  excerpt: 'Supporters now vote, predict and collect points in one branded app, live in under three weeks.',
  content: 'Full article text.',
  category,
  imageUrl: img(hue as number, String(category)),
  publishDate: iso(ago as number),
  featured: i === 0,
  published: true,
  createdAt: iso(ago as number),
}));

const faqs = [
  [
    'How much does 12Yards cost?',
    'Nothing to start with the Freemium model: no setup or ongoing costs, and you share the revenue.',
  ],
  ['How long until our app is live?', 'Typically 2-3 weeks from your first call.'],
  ['Can we control the content?', 'Yes, you have full control over what your supporters see.'],
].map(([question, answer], i) => ({
  id: `f${i}`,
  question,
  answer,
  isActive: true,
  sortOrder: i,
  createdAt: iso(0),
  updatedAt: iso(0),
}));

const statuses = [
  ['Android App', 'operational'],
  ['iOS App', 'operational'],
  ['Points and Rewards', 'issue'],
  ['Auctions', 'operational'],
].map(([serviceName, status], i) => ({
  id: `s${i}`,
  serviceName,
  status,
  description: null,
  lastUpdated: iso(2 * HOUR),
  createdAt: iso(0),
}));

const answers: Record<string, unknown> = {
  '/api/news': news,
  '/api/faqs': faqs,
  '/api/service-status': statuses,
  '/api/settings/show_app_gallery': { key: 'show_app_gallery', value: 'true' },
  '/api/app-gallery': [
    { id: 'g1', imageUrl: img(160, 'Matchday poll'), description: 'Matchday poll', platformName: 'iOS' },
  ],
  '/api/auth/me': { user: { username: 'admin', role: 'admin' }, csrfToken: 'token' },
};

async function api(route: Route) {
  const path = new URL(route.request().url()).pathname;
  const body = path in answers ? answers[path] : route.request().method() === 'GET' ? [] : {};
  await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
}

async function main() {
  const app = express();
  mountWeb(app, { shellDist: join(root, 'web/shell/dist'), adminDist: join(root, 'web/admin/dist') });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((ok) => server.once('listening', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const browser = await chromium.launch(chromiumLaunchOptions);
  const problems: string[] = [];
  try {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: width > 600 ? 800 : 844 },
        locale: 'en-GB',
      });
      await context.route((url) => url.pathname.startsWith('/api/'), api);
      const page: Page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(new URL(r.url()).pathname));
      page.on('pageerror', (e) => problems.push(`page error at ${width}px: ${e.message}`));

      // First visit: the cookie banner is up.
      await page.goto(`${base}/`, { waitUntil: 'networkidle' });
      await page.screenshot({ path: join(out, `shell-home-banner-${width}.png`) });
      const admin = requests.filter((p) => p.startsWith('/admin-app/'));
      if (admin.length) problems.push(`/ downloaded admin files: ${admin.join(', ')}`);
      console.log(
        `/ at ${width}px: ${requests.filter((p) => p.endsWith('.js')).length} JS requests, admin files: ${admin.length}`,
      );

      await page.getByRole('button', { name: 'Accept All' }).click();
      // Each section in view (this also loads the lazy images before the full-page shot).
      for (const id of [
        'how-it-works',
        'features',
        'benefits',
        'news',
        'partners',
        'faq',
        'showcase-heading',
      ]) {
        await page.locator(`#${id}`).scrollIntoViewIfNeeded();
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(out, `shell-home-${id.replace('-heading', '')}-${width}.png`) });
      }
      await page.screenshot({ path: join(out, `shell-home-${width}.png`), fullPage: true });
      for (const path of ['/news', '/status']) {
        await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
        await page.screenshot({ path: join(out, `shell-${path.slice(1)}-${width}.png`), fullPage: true });
      }
      if (width === 1280) {
        for (const path of [
          '/',
          '/news',
          '/status',
          '/privacy-policy',
          '/terms-of-service',
          '/partner-console',
          '/admin-login',
          '/no-such-page',
        ]) {
          await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
          await audit(page, path, problems);
        }
        await page.goto(`${base}/`, { waitUntil: 'networkidle' });
        await page.getByRole('button', { name: 'Apply as an Influencer' }).click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(out, `shell-application-dialog-${width}.png`) });
        await audit(page, 'influencer application dialog', problems);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Contact Us', exact: true }).click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(out, `shell-contact-dialog-${width}.png`) });
        await audit(page, 'contact dialog', problems);
        await page.keyboard.press('Escape');
        await page.evaluate(() => window.dispatchEvent(new Event('show-cookies-banner')));
        await page.getByRole('button', { name: 'Manage Preferences' }).click();
        await page.screenshot({ path: join(out, `shell-cookie-preferences-${width}.png`) });
        await audit(page, 'cookie preferences', problems);
        await page.goto(`${base}/no-such-page`, { waitUntil: 'networkidle' });
        await page.screenshot({ path: join(out, `shell-404-${width}.png`) });

        requests.length = 0;
        await page.goto(`${base}/admin12YardsDB`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 15_000 });
        const remote = requests.filter((p) => p.startsWith('/admin-app/'));
        console.log(
          `/admin12YardsDB: ${remote.length} admin files, remoteEntry loaded: ${remote.includes('/admin-app/remoteEntry.js')}`,
        );
        if (!remote.includes('/admin-app/remoteEntry.js'))
          problems.push('admin remoteEntry.js was not loaded on /admin12YardsDB');
        await page.screenshot({ path: join(out, `shell-admin-federated-${width}.png`) });
      }
      await context.close();
    }
    // Responsive from 360 px: no page scrolls sideways.
    const narrow = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await narrow.route((url) => url.pathname.startsWith('/api/'), api);
    const small = await narrow.newPage();
    for (const path of [
      '/',
      '/news',
      '/status',
      '/privacy-policy',
      '/terms-of-service',
      '/partner-console',
      '/admin-login',
      '/x',
    ]) {
      await small.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      const [scroll, client] = await small.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      if (scroll > client) problems.push(`${path} overflows at 360px: ${scroll} > ${client}`);
    }
    console.log('360px: checked 8 pages for horizontal overflow');
    await narrow.close();
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`screenshots in ${out}`);
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
