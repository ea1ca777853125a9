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
  expect(await countCards(page)).toBe(pending.value);

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
