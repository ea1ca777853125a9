import type { Page } from '@playwright/test';
import { expect, test, unique } from '../support/fixtures';

const PUBLIC_ROUTES = [
  '/',
  '/news',
  '/status',
  '/privacy-policy',
  '/terms-of-service',
  '/partner-console',
  '/no-such-page',
];

/**
 * Every console error and uncaught page error (React reports hydration mismatches as console errors), except the
 * browser's note that a document answered 404, which is what the 404 page does.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const documentStatus =
      msg.text().includes('the server responded with a status of 404') &&
      new URL(msg.location().url).pathname === '/no-such-page';
    if (!documentStatus) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

test('When the admin publishes an article, then a visitor without JavaScript finds it in the HTML of the home page and /news', async ({
  browser,
  adminPage,
  baseURL,
}) => {
  const title = `Matchday polls for every stand ${unique()}`;
  // The admin panel (loaded through the shell's runtime federation host) is signed in: write through its session.
  const me = await adminPage.request.get('/api/auth/me');
  const { csrfToken } = (await me.json()) as { csrfToken: string };
  const created = await adminPage.request.post('/api/news', {
    data: { title, excerpt: 'Polls open at kick-off.', content: 'Every home game.', published: true },
    headers: { 'X-CSRF-Token': csrfToken, Origin: baseURL! },
  });
  expect(created.status()).toBe(201);

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  for (const path of ['/', '/news']) {
    await expect(async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 5_000 });
  }
  // Without JavaScript the page is whole: the hero, the FAQ section and the footer are there too.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await context.close();
});

test('When a visitor opens any public page, then it hydrates without a hydration or console error and asks for no data it already has', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const apiReads: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) apiReads.push(req.url());
  });
  for (const path of PUBLIC_ROUTES) {
    const response = await page.goto(path);
    expect(response!.status()).toBe(path === '/no-such-page' ? 404 : 200);
    // Hydrated: React has attached its handlers (the page is interactive) and the late effects ran. (The home page
    // starts its app when the visitor acts: a pointer over it.)
    await page.mouse.move(200, 300);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  expect(errors).toEqual([]);
  expect(apiReads).toEqual([]);
});

test('When a page loads, then no admin or federation code is fetched and the scripts come brotli-compressed', async ({
  page,
}) => {
  const scripts: { url: string; encoding?: string }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      scripts.push({ url: res.url(), encoding: res.headers()['content-encoding'] });
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /admin-app|remoteEntry|federation/.test(s.url))).toEqual([]);
  for (const s of scripts) expect(s.encoding).toBe('br');
});
