import type { APIRequestContext } from '@playwright/test';
import { choose, expect, openTab, test, unique } from '../support/fixtures';

const NEWS = Number(process.env.E2E_LARGE_NEWS ?? 5000);
const APPLICATIONS = Number(process.env.E2E_LARGE_APPLICATIONS ?? 2000);
const AT_ONCE = 8;

/** Runs `count` writes, AT_ONCE at a time. */
async function inParallel(count: number, write: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < count) await write(next++);
    }),
  );
}

/** The admin's writes through the API (session cookie of the admin window, its CSRF token, same Origin). */
async function adminWriter(api: APIRequestContext, origin: string) {
  const me = await api.get('/api/auth/me');
  expect(me.ok()).toBe(true);
  const headers = { 'X-CSRF-Token': (await me.json()).csrfToken as string, Origin: origin };
  return async (path: string, data: object) => {
    const res = await api.post(path, { data, headers });
    if (res.status() !== 201) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  };
}

test('When there are 5,000 news articles and 2,000 applications, then the admin lists show their first page at once, the next page on Load more, and a search finds one row among them', async ({
  adminPage,
  shot,
}) => {
  test.setTimeout(15 * 60_000);
  const id = unique();
  const origin = new URL(adminPage.url()).origin;
  const write = await adminWriter(adminPage.request, origin);
  // Published just before this journey began, one millisecond apart: newer than the other journeys' articles, the
  // highest i first, and already visible to the public.
  const base = Date.now() - NEWS;

  await inParallel(NEWS, (i) =>
    write('/api/news', {
      title: `Bulk story ${id} ${i}`,
      excerpt: 'One of many.',
      content: 'A paragraph of the article. '.repeat(40),
      category: 'general',
      publishDate: new Date(base + i).toISOString(),
      published: true,
    }),
  );
  await inParallel(APPLICATIONS, (i) =>
    write('/api/admin/partners', {
      name: `Bulk applicant ${id} ${i}`,
      email: `bulk${i}-${id}@example.org`,
      type: 'club',
      organization: `Bulk club ${i}`,
    }),
  );

  await adminPage.reload();
  const panel = adminPage.getByRole('tabpanel');

  const started = Date.now();
  await openTab(adminPage, 'News');
  const stories = panel.getByText(new RegExp(`^Bulk story ${id} \\d+$`));
  await expect(stories).toHaveCount(20);
  const firstPageMs = Date.now() - started;
  await expect(panel.getByText(`Bulk story ${id} ${NEWS - 1}`, { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Load more' }).click();
  await expect(stories).toHaveCount(40);
  await expect(panel.getByText(`Bulk story ${id} ${NEWS - 40}`, { exact: true })).toBeAttached();
  expect(firstPageMs).toBeLessThan(10_000);
  await shot(adminPage, 'large-lists-news');

  // The server searches: one title among the 5,000, far beyond the 40 rows loaded (i*10 >= NEWS, so no other
  // title contains it).
  const story = Math.floor(NEWS / 2) + 7;
  const searched = Date.now();
  await panel.getByRole('searchbox', { name: 'Search news' }).fill(`Bulk story ${id} ${story}`);
  await expect(stories).toHaveCount(1);
  await expect(panel.getByText(`Bulk story ${id} ${story}`, { exact: true })).toBeVisible();
  const searchMs = Date.now() - searched;
  await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  expect(searchMs).toBeLessThan(10_000);
  // With a category it is not in, the filtered list is empty and says so; Clear filters brings every article back.
  await choose(panel, 'Category', 'Match Report');
  await expect(
    panel.getByText(`No articles match "Bulk story ${id} ${story}" in the "Match Report" category.`),
  ).toBeVisible();
  await shot(adminPage, 'large-lists-news-filtered');
  await panel.getByRole('button', { name: 'Clear filters' }).click();
  await expect(panel.getByText(`Bulk story ${id} ${NEWS - 1}`, { exact: true })).toBeVisible();
  await expect(panel.getByRole('searchbox', { name: 'Search news' })).toHaveValue('');

  await openTab(adminPage, 'Applications');
  const applicants = panel.getByText(new RegExp(`^Bulk applicant ${id} \\d+$`));
  await expect(applicants).toHaveCount(20);
  await expect(panel.getByText(`Bulk applicant ${id} ${APPLICATIONS - 1}`, { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Load more' }).click();
  await expect(applicants).toHaveCount(40);
  // Applications are ordered by when the server received them, and AT_ONCE were in flight together: the 40 rows are
  // 40 different applicants from the last 40 + AT_ONCE written, not necessarily exactly the last 40.
  const shown = (await applicants.allTextContents()).map((text) => Number(text.split(' ').pop()));
  expect(new Set(shown).size).toBe(40);
  expect(Math.min(...shown)).toBeGreaterThanOrEqual(APPLICATIONS - 40 - AT_ONCE);
  // The page holds the rows it shows, not the whole collection.
  expect(await adminPage.locator('li').count()).toBeLessThan(200);
  await shot(adminPage, 'large-lists-applications');

  // One applicant among the 2,000, by search and type together.
  const applicant = Math.floor(APPLICATIONS / 2) + 7;
  await panel
    .getByRole('searchbox', { name: 'Search applications' })
    .fill(`Bulk applicant ${id} ${applicant}`);
  await choose(panel, 'Type', 'Football Club');
  await expect(applicants).toHaveCount(1);
  await expect(panel.getByText(`Bulk applicant ${id} ${applicant}`, { exact: true })).toBeVisible();
  await choose(panel, 'Type', 'Influencer');
  await expect(
    panel.getByText(`No applications match "Bulk applicant ${id} ${applicant}" with these filters.`),
  ).toBeVisible();
});
