import type { Page } from '@playwright/test';
import { admin, expect, test, unique } from '../support/fixtures';

const COUNT = 25;

/** The titles of the seeded articles the /news list shows, in order. */
async function seededTitles(page: Page, tag: string): Promise<string[]> {
  const titles = await page
    .getByRole('list', { name: 'Articles' })
    .getByRole('heading', { level: 3 })
    .allTextContents();
  return titles.filter((t) => t.includes(tag));
}

test.describe('News pages', () => {
  let tag: string;
  let expected: string[];

  test.beforeAll(async ({ browser, baseURL }) => {
    // More than one page of articles (20 a page), written through the API as the admin panel writes them.
    tag = unique();
    const context = await browser.newContext({ baseURL });
    const login = await context.request.post('/api/auth/login', {
      data: admin,
      headers: { Origin: baseURL! },
    });
    expect(login.status()).toBe(200);
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    for (let i = 1; i <= COUNT; i++) {
      const created = await context.request.post('/api/news', {
        data: { title: `Round ${i} ${tag}`, excerpt: `Round ${i}.`, content: 'Report.', published: true },
        headers: { 'X-CSRF-Token': csrfToken, Origin: baseURL! },
      });
      expect(created.status()).toBe(201);
    }
    await context.close();
    // Newest first.
    expected = Array.from({ length: COUNT }, (_, i) => `Round ${COUNT - i} ${tag}`);
  });

  test('When a visitor opens /news and presses Load more, then the older articles are added below, with no layout shift or console error', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    page.on('pageerror', (err) => errors.push(err.message));
    await expect(async () => {
      await page.goto('/news');
      expect(await seededTitles(page, tag)).toContain(expected[0]);
    }).toPass({ timeout: 5_000 });
    await page.waitForLoadState('networkidle');
    const shown = await seededTitles(page, tag);
    expect(shown.length).toBeLessThan(COUNT);
    const nextPage = await page.getByRole('link', { name: 'Load more' }).getAttribute('href');

    for (let i = 0; i < 10 && (await page.getByRole('link', { name: 'Load more' }).count()); i++) {
      await page.getByRole('link', { name: 'Load more' }).click();
      await expect(page.getByRole('link', { name: /Loading more news/ })).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { name: expected.at(-1)! })).toBeVisible();
    expect(await seededTitles(page, tag)).toEqual(expected);
    // Loaded in place: still /news, no navigation.
    expect(new URL(page.url()).pathname).toBe('/news');
    // Layout shifts not caused by the visitor's own input (Load more is input: the shifts it causes do not count).
    const cls = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
              if (!e.hadRecentInput) sum += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(sum), 200);
        }),
    );
    expect(cls).toBeLessThanOrEqual(0.02);

    // The page the link names, opened with JavaScript, hydrates from its own embedded data.
    const apiReads: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/')) apiReads.push(req.url());
    });
    await page.goto(nextPage!);
    await page.waitForLoadState('networkidle');
    expect((await seededTitles(page, tag)).length).toBeGreaterThan(0);
    // Its own page is never read again; only the page after it may be fetched ahead of Load more.
    const ownCursor = new URL(nextPage!, 'http://x').searchParams.get('cursor')!;
    const nextCursors = apiReads.map((u) => new URL(u).searchParams.get('cursor'));
    expect(nextCursors).not.toContain(null);
    expect(nextCursors).not.toContain(ownCursor);
    expect(errors).toEqual([]);
  });

  test('When a visitor without JavaScript follows Load more, then each next page is complete HTML and every article is reached exactly once', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/news');
    const seen = await seededTitles(page, tag);
    for (let i = 0; i < 10 && (await page.getByRole('link', { name: 'Load more' }).count()); i++) {
      await page.getByRole('link', { name: 'Load more' }).click();
      await page.waitForLoadState('domcontentloaded');
      expect(new URL(page.url()).searchParams.get('cursor')).toBeTruthy();
      await expect(page.getByRole('link', { name: 'Latest news' })).toBeVisible();
      seen.push(...(await seededTitles(page, tag)));
    }
    expect(seen).toEqual(expected);
    await context.close();
  });
});
