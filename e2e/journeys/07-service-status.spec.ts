import { expect, openTab, test, toast } from '../support/fixtures';

test('When the admin marks Auctions as an issue, then /status shows it under investigation', async ({
  page,
  adminPage,
  shot,
}) => {
  await page.goto('/status');
  await expect(page.getByRole('heading', { name: 'Service Status', level: 1 })).toBeVisible();
  const auctions = page.getByRole('listitem').filter({ has: page.getByText('Auctions', { exact: true }) });
  await expect(auctions).toContainText('Fully Operational');

  await openTab(adminPage, 'Service Status');
  await adminPage.getByRole('button', { name: 'Mark as Issue: Auctions' }).click();
  await expect(toast(adminPage, 'Success')).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Mark as Operational: Auctions' })).toBeVisible();
  await shot(adminPage, '07-service-status-admin');

  await page.reload();
  await expect(auctions).toContainText('Issue under investigation');
  for (const other of ['Android App', 'iOS App', 'Points and Rewards']) {
    await expect(
      page.getByRole('listitem').filter({ has: page.getByText(other, { exact: true }) }),
    ).toContainText('Fully Operational');
  }
  await expect(page.getByRole('link', { name: 'Contact us', exact: true })).toBeVisible();
  await shot(page, '07-service-status');
});
