import { ADMIN_PATH, admin, expect, test, toast } from '../support/fixtures';

test('When a visitor opens the admin panel without a session, then it is gated; a wrong password fails; after Logout it is gated again', async ({
  page,
  shot,
}) => {
  await page.goto(ADMIN_PATH);
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();

  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(`${admin.password}-wrong`);
  await page.getByRole('button', { name: 'Login' }).click();
  const failed = toast(page, 'Authentication Failed');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Invalid username or password');
  await expect(page).toHaveURL(/\/admin-login$/);

  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`${ADMIN_PATH}`));
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Admin Dashboard');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);

  await page.goto(ADMIN_PATH);
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(401);
  await shot(page, '10-admin-gate');
});
