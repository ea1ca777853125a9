import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

test.use({ consent: false });

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('cookie-consent') ?? 'null'));

test('When a visitor rejects all cookies, re-opens the banner from the footer and saves preferences, then each choice is stored', async ({
  page,
  shot,
}) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'We use cookies' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Manage Preferences' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Accept All' })).toBeVisible();

  await banner.getByRole('button', { name: 'Reject All' }).click();
  await expect(banner).toBeHidden();
  const rejected = await stored(page);
  expect(rejected).toMatchObject({ necessary: true, analytics: false, marketing: false, functional: false });
  expect(new Date(rejected.timestamp).toISOString()).toBe(rejected.timestamp);

  await page.reload();
  await expect(page.getByRole('region', { name: 'We use cookies' })).toBeHidden();

  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Policy' }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Manage Preferences' }).click();
  const prefs = page.getByRole('region', { name: 'Cookie Preferences' });
  await expect(prefs.getByRole('switch', { name: 'Necessary' })).toBeChecked();
  await expect(prefs.getByRole('switch', { name: 'Necessary' })).toBeDisabled();
  await expect(prefs.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
  await prefs.getByRole('switch', { name: 'Analytics' }).click();
  await prefs.getByRole('switch', { name: 'Functional' }).click();
  await expect(prefs.getByRole('switch', { name: 'Analytics' })).toBeChecked();
  await shot(page, '08-cookie-preferences');
  await prefs.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(prefs).toBeHidden();
  expect(await stored(page)).toMatchObject({
    necessary: true,
    analytics: true,
    marketing: false,
    functional: true,
  });

  await page.reload();
  await expect(page.getByRole('region', { name: /We use cookies|Cookie Preferences/ })).toBeHidden();
  await shot(page, '08-cookie-banner');
});
