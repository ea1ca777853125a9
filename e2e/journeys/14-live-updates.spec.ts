import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { dialog, expect, openAdmin, openTab, test, toast, unique } from '../support/fixtures';

/**
 * Resolves with the browser's clock when TEXT appears in what SELECTOR matches on PAGE (checked every frame), so
 * the time from the visitor's click to what the admin sees is measured, not the test's polling interval.
 */
function seenAt(page: Page, selector: string, text: string): Promise<number> {
  return page
    .waitForFunction(
      ([sel, t]) =>
        Array.from(document.querySelectorAll(sel)).some((el) => el.textContent?.includes(t))
          ? Date.now()
          : null,
      [selector, text] as const,
      { polling: 'raf', timeout: 2_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
}
const TOASTS = '[role="region"][aria-label*="Notifications"]';

test('When a visitor applies while an admin has the panel open, then within 2 s and without a reload the application is listed, a toast announces it and the tab counts it', async ({
  page,
  adminPage,
  browser,
  adminState,
  shot,
}) => {
  const id = unique();
  const name = `Robin Stand ${id}`;
  const club = `Northgate Rovers ${id}`;
  // One admin window on Applications, another on News (where the Applications tab counts what is new).
  await openTab(adminPage, 'Applications');
  const other = await openAdmin(browser, adminState, 'news');
  // Both windows have their live stream open before the visitor acts.
  for (const p of [adminPage, other]) await expect(p.locator('main[data-live="on"]')).toBeVisible();
  const applications = other.getByRole('tab', { name: 'Applications', exact: true });
  await expect(applications).toHaveAccessibleDescription('');

  await page.goto('/');
  await page.locator('#partners').getByRole('button', { name: 'Apply as a Club' }).click();
  const form = dialog(page, 'Football Club Partnership Application');
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: 'Full Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`robin.${id}@example.com`);
  await form.getByRole('textbox', { name: 'Club Name', exact: true }).fill(club);
  await form.getByRole('textbox', { name: 'Your Position', exact: true }).fill('Secretary');
  await form
    .getByRole('textbox', { name: 'Tell us more about your goals', exact: true })
    .fill('Live match polls for our supporters.');

  const announced = `New application from ${club}`;
  const toasted = seenAt(adminPage, TOASTS, announced);
  const listed = seenAt(adminPage, '[role="tabpanel"] li h3', name);
  const toastedElsewhere = seenAt(other, TOASTS, announced);
  const submittedAt = Date.now();
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(page, 'Application Submitted!')).toBeVisible();

  const toastMs = (await toasted) - submittedAt;
  const listMs = (await listed) - submittedAt;
  console.log(`live update: submit to admin toast ${toastMs} ms, to the listed application ${listMs} ms`);
  expect(toastMs).toBeLessThan(2_000);
  expect(listMs).toBeLessThan(2_000);
  expect((await toastedElsewhere) - submittedAt).toBeLessThan(2_000);

  // In the open Applications list, without a reload (the list was read again, the page is the same).
  const card = adminPage
    .getByRole('listitem')
    .filter({ has: adminPage.getByRole('heading', { name, exact: true }) });
  await expect(card).toBeVisible();
  await expect(toast(adminPage, announced)).toBeVisible();
  // The open tab counts nothing: what is new is in front of the admin.
  await expect(adminPage.getByRole('tab', { name: 'Applications', exact: true })).toHaveAccessibleDescription(
    '',
  );
  expect(await adminPage.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  await shot(adminPage, '14-live-application-listed');

  // The other window counts it on the Applications tab; opening the tab shows it and clears the count.
  await expect(applications).toHaveAccessibleDescription('1 new');
  await expect(applications).toContainText('1');
  // The count passes the WCAG checks the other pages pass (contrast, names).
  const { violations } = await new AxeBuilder({ page: other })
    .include('[role="tablist"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await shot(other, '14-live-application-badge');
  await openTab(other, 'Applications');
  await expect(other.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(applications).toHaveAccessibleDescription('');
  await other.context().close();
});
