import { expect, test } from '../support/fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('When a visitor on a 390 px phone opens the menu and chooses an item, then the menu closes and the page goes there', async ({
  page,
  shot,
}) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  const menu = page.locator('#mobile-menu');
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  // The desktop items are not shown at this width.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }),
  ).toBeHidden();

  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  for (const item of ['How it Works', 'Features', 'Benefits', 'News', 'Partners', 'Contact']) {
    await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await shot(page, '09-mobile-menu-open');

  // Toggling closes it again.
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Benefits', exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#benefits')).toBeInViewport();

  // Contact scrolls to the partners section, then opens the contact dialog.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Get in Touch' })).toBeVisible();
  await shot(page, '09-mobile-menu');
});
