import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openTab, storeConsent, test } from './support/fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the whole page; a violation fails with each rule, its help text and the offending elements. */
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ')}`).join('\n')}`,
  );
  expect(report, `axe found ${violations.length} violation(s):\n${report.join('\n')}`).toEqual([]);
}

/** Waits until no loading placeholder or spinner is left. */
async function settled(page: Page) {
  await expect(page.locator('[role="status"]:not([aria-live]), [data-testid="news-skeleton"], .animate-spin, .animate-pulse')).toHaveCount(0);
}

test.describe('Accessibility: public pages as a first-time visitor (cookie banner open)', () => {
  test.use({ consent: false });
  for (const path of ['/', '/news', '/status', '/admin-login']) {
    test(`When a visitor opens ${path}, then axe finds no WCAG 2.2 AA violation`, async ({ page, shot }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
      await expectNoViolations(page);
      await shot(page, `a11y${path === '/' ? '-home' : path.replace(/\//g, '-')}`, { fullPage: true });
    });
  }
});

test.describe('Accessibility: the admin panel', () => {
  for (const tab of ['News', 'Applications', 'Messages', 'FAQs', 'Media', 'App Gallery', 'Service Status', 'Templates', 'Settings']) {
    test(`When the admin opens the ${tab} tab, then axe finds no WCAG 2.2 AA violation`, async ({ adminPage, shot }) => {
      await storeConsent(adminPage.context());
      await openTab(adminPage, tab);
      await settled(adminPage);
      await expectNoViolations(adminPage);
      await shot(adminPage, `a11y-admin-${tab.toLowerCase().replace(/\s+/g, '-')}`, { fullPage: true });
    });
  }
});
