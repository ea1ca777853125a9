import { request } from '@playwright/test';
import { admin, choose, dialog, expect, openTab, test, toast, unique } from '../support/fixtures';

// Issue 27 item 9: one Escape closes an admin dialog, also right after a status change (a toast on screen, the
// status select disabled while it saved) and right after a contract document was downloaded.

async function seedPartnerWithContract(baseURL: string, id: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/api/auth/login', { data: admin });
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const post = async (path: string, data: unknown) => {
    const res = await api.post(path, { data, headers: { 'X-CSRF-Token': csrfToken } });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: string };
  };
  const name = `Escape Town FC ${id}`;
  await post('/api/admin/partners', {
    name: `Escape Rovers ${id}`,
    email: `rovers.${id}@example.com`,
    type: 'club',
  });
  const partner = await post('/api/admin/partners', {
    name,
    email: `escape.${id}@example.com`,
    type: 'club',
  });
  await post('/api/admin/contracts', {
    partnerId: partner.id,
    companyName: `Escape Town Limited ${id}`,
    registrationNumber: 'REG-0000000002',
    companyAddress: '2 Any Road, Town, AB1 2CD',
    clientName: 'Sam Keeper',
    clientEmail: `sam.${id}@example.com`,
    clientTelephone: '+44 20 7946 0001',
    clientPosition: 'Secretary',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    lengthMonths: 12,
    platformName: '12Yards',
    setupFee: '£500',
    penaltyFeePerMonth: '£50',
  });
  await api.dispose();
  return { rovers: `Escape Rovers ${id}`, company: `Escape Town Limited ${id}`, name };
}

test('When the admin changes a status or downloads a contract document in a dialog, then one Escape closes that dialog', async ({
  adminPage: page,
  baseURL,
}) => {
  const id = unique();
  const { rovers, company, name } = await seedPartnerWithContract(baseURL!, id);
  await openTab(page, 'Applications');
  await page.getByRole('searchbox').first().fill(id);

  await page.getByRole('button', { name: `View ${rovers}` }).click();
  const details = dialog(page, rovers);
  await choose(details, 'Status', 'In Progress');
  await expect(toast(page, 'Success')).toContainText('Partner status updated successfully');
  await expect(details.getByRole('combobox', { name: 'Status' })).toHaveText('In Progress');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await page.getByRole('button', { name: `Contracts of ${name}` }).click();
  const manage = dialog(page, 'Contract Management');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    manage.getByRole('button', { name: `Generate document for ${company}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  await expect(manage.getByRole('button', { name: `Generate document for ${company}` })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(manage).toBeHidden();
});
