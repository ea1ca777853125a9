import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, openTab, test, unique } from '../support/fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`,
  );
  expect(report, `axe at ${where}: ${violations.length} violation(s):\n${report.join('\n')}`).toEqual([]);
}

/** The figure link whose name starts with LABEL, and the number it shows. */
async function figureOf(page: Page, label: string): Promise<{ link: Locator; value: number }> {
  const link = page.getByRole('tabpanel').getByRole('link', { name: new RegExp(`^${label}: \\d+`) });
  const name = (await link.getAttribute('aria-label')) ?? '';
  return { link, value: Number(/: (\d+)/.exec(name)![1]) };
}

/** The cards of the open list, every page of it loaded. */
async function countCards(page: Page): Promise<number> {
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('status')).toHaveCount(0);
  const more = panel.getByRole('button', { name: 'Load more' });
  while (await more.isVisible()) {
    const before = await panel.getByRole('listitem').count();
    await more.click();
    await expect.poll(() => panel.getByRole('listitem').count()).toBeGreaterThan(before);
  }
  return panel.getByRole('listitem').count();
}

/** What sticks out of the page sideways (the page's own scroll width first), if anything. */
function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    // Inside a box that clips its overflow and itself fits (the chart's tooltip layer), nothing shows outside.
    const clipped = (el: HTMLElement) => {
      for (let box = el.parentElement; box; box = box.parentElement) {
        if (!/hidden|clip/.test(getComputedStyle(box).overflowX)) continue;
        const r = box.getBoundingClientRect();
        if (r.left >= -1 && r.right <= width + 1) return true;
      }
      return false;
    };
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.parentElement?.closest('[role="tablist"]')) continue;
      if (clipped(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 1 && r.height > 1 && (r.left < -1 || r.right > width + 1))
        found.push(
          `<${el.tagName.toLowerCase()} class="${el.className}"> spans ${Math.round(r.left)}..${Math.round(r.right)}`,
        );
    }
    return found.slice(0, 5);
  });
}

const yesterday = () => {
  const d = new Date(Date.now() - 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A calendar day n days from today (UTC, as the contracts service reads end dates). */
const dayIn = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Admin writes through the page's own session (its CSRF token from /api/auth/me). */
async function adminWrites(page: Page, baseURL: string) {
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  const { csrfToken } = (await me.json()) as { csrfToken: string };
  return async <T = { id: string }>(path: string, data: object): Promise<T> => {
    const res = await page.request.post(path, {
      data,
      headers: { 'X-CSRF-Token': csrfToken, Origin: baseURL },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as T;
  };
}

/** The sum of the cards' 'N Overdue' badges in the open list, every page of it loaded. */
async function overdueBadges(page: Page): Promise<number> {
  await countCards(page);
  const badges = await page
    .getByRole('tabpanel')
    .getByText(/^\d+ Overdue$/)
    .allInnerTexts();
  return badges.reduce((n, text) => n + Number(text.split(' ')[0]), 0);
}

test("When partners have overdue actions, an article is scheduled and a contract ends in 20 days, then each figure's list shows exactly what it counts, the contract links to its partner, and the end of yesterday shows fewer", async ({
  adminPage: page,
  baseURL,
  shot,
}) => {
  test.setTimeout(180_000);
  const id = unique();
  const post = await adminWrites(page, baseURL!);
  const apply = async (name: string) =>
    (
      await post('/api/admin/partners', {
        name,
        email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`,
        type: 'club',
        organization: name,
      })
    ).id;
  const late = `Late Rovers ${id}`;
  const renewing = `Renewal Town ${id}`;
  const lateId = await apply(late);
  const renewingId = await apply(renewing);
  for (const actionText of ['Send the proposal', 'Call the chairman'])
    await post(`/api/admin/partners/${lateId}/actions`, { actionText, dueDate: dayIn(-2) });
  await post(`/api/admin/partners/${renewingId}/actions`, { actionText: 'Renew', dueDate: dayIn(-1) });
  const article = `Derby day preview ${id}`;
  await post('/api/news', {
    title: article,
    excerpt: 'Coming soon.',
    content: 'The derby, previewed.',
    published: true,
    publishDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  });
  const company = `Renewal Town Media ${id}`;
  await post('/api/admin/contracts', {
    partnerId: renewingId,
    companyName: company,
    registrationNumber: '01234567',
    companyAddress: '1 High Street, Leeds',
    clientName: 'Alex Smith',
    clientEmail: 'alex@example.com',
    clientTelephone: '+44 113 000 0000',
    clientPosition: 'Director',
    startDate: dayIn(-345),
    endDate: dayIn(20),
    lengthMonths: 12,
    platformName: '12Yards',
    revenueSharePercent: 20,
    setupFee: '£1,500',
    penaltyFeePerMonth: '£250 per month',
  });
  await page.reload();
  const panel = page.getByRole('tabpanel');

  // Overdue action items: the Applications list of partners with overdue actions; their Overdue badges add up to it.
  const overdue = await figureOf(page, 'Overdue action items');
  expect(overdue.value).toBeGreaterThanOrEqual(3);
  await overdue.link.click();
  await expect(page).toHaveURL(/tab=partners&overdue=true/);
  await expect(panel.getByText('Showing only partners with overdue action items.')).toBeVisible();
  expect(await overdueBadges(page)).toBe(overdue.value);
  await expect(
    panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: late }) }),
  ).toContainText('2 Overdue');

  // Articles scheduled to go live: the News list of those, as many as the figure.
  await openTab(page, 'Dashboard');
  const scheduled = await figureOf(page, 'Articles scheduled to go live');
  expect(scheduled.value).toBeGreaterThanOrEqual(1);
  await scheduled.link.click();
  await expect(page).toHaveURL(/tab=news&scheduled=true/);
  await expect(panel.getByText('Showing only articles scheduled to go live.')).toBeVisible();
  expect(await countCards(page)).toBe(scheduled.value);
  await expect(panel.getByRole('heading', { name: article })).toBeVisible();

  // Messages awaiting an answer (none has waited 48 hours in a fresh product): the Messages list of those.
  await openTab(page, 'Dashboard');
  const awaiting = await figureOf(page, 'Messages awaiting an answer');
  await awaiting.link.click();
  await expect(page).toHaveURL(/tab=contacts&awaiting=true/);
  await expect(
    panel.getByText('Showing only messages unread or unanswered for more than 48 hours.'),
  ).toBeVisible();
  expect(await countCards(page)).toBe(awaiting.value);

  // Contracts ending within 30 days: the list below the figure, each contract a link to its partner.
  await openTab(page, 'Dashboard');
  const ending = await figureOf(page, 'Contracts ending within 30 days');
  expect(ending.value).toBeGreaterThanOrEqual(1);
  await ending.link.click();
  await expect(page).toHaveURL(/tab=dashboard&ending=30/);
  const renewals = panel.getByRole('list', { name: 'Contracts ending within 30 days' });
  await expect(renewals.getByRole('listitem')).toHaveCount(ending.value);
  await expect(ending.link).toHaveAttribute('aria-current', 'true');
  const within90 = await figureOf(page, 'Contracts ending within 90 days');
  await within90.link.click();
  await expect(
    panel.getByRole('list', { name: 'Contracts ending within 90 days' }).getByRole('listitem'),
  ).toHaveCount(within90.value);
  await shot(page, '19-dashboard-renewals');
  const row = panel.getByRole('listitem').filter({ hasText: company });
  await expect(row).toContainText(/Ends \w+ \d+, \d{4}/);
  // Its partner's name as the contracts service knows it (the company's until the partner's record reaches it).
  await row.getByRole('link').click();
  await expect(page.getByRole('tab', { name: 'Applications', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(panel.getByText('Showing only one partner.')).toBeVisible();
  expect(await countCards(page)).toBe(1);
  await expect(panel.getByRole('heading', { name: renewing, level: 3 })).toBeVisible();

  // The end of yesterday: before today's actions, article and contract, each of those figures was smaller.
  await openTab(page, 'Dashboard');
  await page.getByLabel('Show a past day').fill(yesterday());
  await expect(page.getByText(/^As it stood at the end of /)).toBeVisible();
  await expect
    .poll(async () => (await figureOf(page, 'Overdue action items')).value)
    .toBeLessThanOrEqual(overdue.value - 3);
  expect((await figureOf(page, 'Articles scheduled to go live')).value).toBeLessThan(scheduled.value);
  expect((await figureOf(page, 'Contracts ending within 30 days')).value).toBeLessThan(ending.value);
  await expect(panel.getByText('The list shows the contracts as they stand today.')).toBeVisible();
});

test('When the admin opens the panel, then the Dashboard is the first tab, its figures match the lists they link to, a past day changes them, and axe passes at 1280 and 390 px', async ({
  adminPage: page,
  request,
  baseURL,
  shot,
}) => {
  test.setTimeout(180_000);
  const id = unique();
  // Two applications today: the Pending figure is above 0 now and was 0 at the end of yesterday (a fresh product).
  for (const n of [1, 2]) {
    const res = await request.post('/api/partners', {
      headers: { Origin: baseURL! },
      data: {
        name: `Dashboard Fan ${id} ${n}`,
        email: `dash.${id}.${n}@example.com`,
        type: 'influencer',
        knownAs: `Dash${id}${n}`,
        instagramAccount: `@dash${id}${n}`,
        totalFollowers: '12000',
        message: 'We would like to partner',
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.reload();

  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toHaveText('Dashboard');
  await expect(page.getByRole('tab', { name: 'Dashboard', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  await expect(page.getByRole('figure')).toHaveAccessibleDescription(
    /new applications and \d+ partners gained/,
  );

  // Pending now: the filtered Applications list it links to has as many cards.
  const pending = await figureOf(page, 'Pending');
  expect(pending.value).toBeGreaterThanOrEqual(2);
  await pending.link.click();
  await expect(page.getByRole('tab', { name: 'Applications', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page).toHaveURL(/tab=partners&status=Pending/);
  if (pending.value <= 200) expect(await countCards(page)).toBe(pending.value);
  else {
    // Thousands pending (journey 12's bulk applicants share the product): a full first page, and more to load.
    await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(20);
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Load more' })).toBeVisible();
  }

  // The influencers among them: the table's cell links to the list filtered by both.
  await openTab(page, 'Dashboard');
  const influencersPending = page.getByRole('link', { name: /^\d+ Influencers Pending$/ });
  const influencers = Number((await influencersPending.innerText()).match(/^\d+/)![0]);
  await influencersPending.click();
  await expect(page).toHaveURL(/tab=partners&status=Pending&type=influencer/);
  expect(await countCards(page)).toBe(influencers);

  // A past day: the end of yesterday, before today's applications.
  await openTab(page, 'Dashboard');
  await page.getByLabel('Show a past day').fill(yesterday());
  await expect(page.getByText(/^As it stood at the end of /)).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: /^Pending: 0\b/ })).toBeVisible();
  await shot(page, '19-dashboard-yesterday');
  await page.getByRole('button', { name: 'Back to today' }).click();
  await expect(
    page.getByRole('tabpanel').getByRole('link', { name: new RegExp(`^Pending: ${pending.value}\\b`) }),
  ).toBeVisible();

  await page.getByText('Table view').click();
  await expect(
    page.getByRole('table', { name: 'New applications and partners gained per week' }),
  ).toBeVisible();
  await expectNoViolations(page, '1280 px');
  await shot(page, '19-dashboard', { fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  // The chart follows the new width once its container has been measured again.
  await expect
    .poll(() => sideways(page), { message: 'the dashboard is wider than a 390 px phone' })
    .toEqual([]);
  await expectNoViolations(page, '390 px');
  await shot(page, '19-dashboard-phone', { fullPage: true });
});
