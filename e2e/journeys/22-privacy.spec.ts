import { choose, dialog, expect, openTab, test, toast, unique } from '../support/fixtures';

// Issue 26 item 3: an applicant asks what is held about them, then to be erased. The admin exports it (shown and as
// JSON), erases it after a confirmation naming what goes, and the application and the activity feed read "Erased
// personal data"; asking again finds nothing left.

test('When an applicant asks to see and then erase their data, then the admin exports it, erases it after a confirmation naming it, the application and the activity show "Erased personal data", and a second erasure finds nothing left', async ({
  page,
  adminPage,
  shot,
}) => {
  const id = unique();
  const name = `Rowan Ashby ${id}`;
  const email = `rowan.${id}@example.com`;
  await page.goto('/');
  await page.locator('#partners').getByRole('button', { name: 'Apply as an Influencer' }).click();
  const form = dialog(page, 'Influencer Partnership Application');
  await form.getByRole('textbox', { name: 'Full Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Known As', exact: true }).fill(`Rowan on the Terrace ${id}`);
  await form.getByRole('textbox', { name: 'Instagram', exact: true }).fill(`@rowan${id}`);
  await form.getByRole('textbox', { name: 'Total Followers', exact: true }).fill('12,000');
  await form
    .getByRole('textbox', { name: 'Tell us more about your goals', exact: true })
    .fill('Matchday polls for my followers.');
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(page, 'Application Submitted!')).toBeVisible();

  // Export: everything held, readable, and the JSON.
  await openTab(adminPage, 'Privacy');
  await adminPage.getByRole('textbox', { name: 'Email address' }).fill(email);
  const held = adminPage.getByRole('region', { name: `Held about ${email}` });
  // The contracts service learns of the applicant from the partners service's events, a moment later.
  await expect(async () => {
    await adminPage.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(held.getByText('1 application and 1 partner record', { exact: true })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();
  await expect(held.getByText(/^Application \(influencer\), received \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  for (const value of [`@rowan${id}`, 'Matchday polls for my followers.'])
    await expect(held.getByText(value, { exact: true })).toBeVisible();
  // The name and email twice: in the application, and in the contracts service's record of them as a partner.
  for (const value of [name, email])
    await expect(held.getByRole('definition').getByText(value, { exact: true })).toHaveCount(2);
  await expect(held.getByRole('button', { name: 'Download JSON' })).toBeVisible();
  await held.getByText('The export as JSON').click();
  const json = JSON.parse((await held.locator('pre').textContent()) ?? '{}') as {
    services: { service: string; records: { kind: string; id: string }[] }[];
  };
  const partnerId = json.services[0]!.records.find((r) => r.kind === 'application')!.id;
  await shot(adminPage, '22-privacy-export');

  // Erase: the confirmation names what goes.
  await adminPage.getByRole('button', { name: 'Erase', exact: true }).click();
  const confirm = adminPage.getByRole('alertdialog', { name: 'Erase personal data?' });
  await expect(confirm).toContainText(
    `This will erase for good everything held about ${email}: 1 application and 1 partner record.`,
  );
  await expect(confirm.getByText(/^Application \(influencer\), received/)).toBeVisible();
  await shot(adminPage, '22-privacy-confirm');
  await confirm.getByRole('button', { name: 'Erase', exact: true }).click();
  const result = adminPage.getByRole('tabpanel').getByRole('status');
  await expect(result).toContainText('Erased personal data: 1 application and 1 partner record');
  await expect(result).toContainText('Applications and messages: 1 application');
  await expect(result).toContainText('Contracts and documents: 1 partner record');
  await expect(held).toBeHidden();
  await shot(adminPage, '22-privacy-erased');

  // The application reads "Erased personal data" where the name was, in its screen and in the activity feed.
  await adminPage.goto(`/admin12YardsDB?tab=partners&id=${partnerId}`);
  // A fresh load of the panel (its bundle, the session check) may take a while on a loaded machine.
  await expect(adminPage.getByText('Showing only one partner.')).toBeVisible({ timeout: 30_000 });
  await adminPage.getByRole('button', { name: 'View Erased personal data' }).click();
  const details = dialog(adminPage, 'Erased personal data');
  await expect(details).toBeVisible();
  await expect(details).not.toContainText(email);
  await details.press('Escape');
  await openTab(adminPage, 'Recent activity');
  await choose(adminPage, 'Type', 'Application');
  const submitted = adminPage
    .getByRole('list', { name: 'Changes' })
    .getByRole('listitem')
    .filter({ hasText: 'Submitted, by visitor' })
    .first();
  await expect(submitted).toContainText('Erased personal data');
  await expect(adminPage.getByRole('list', { name: 'Changes' })).not.toContainText(name);
  await shot(adminPage, '22-privacy-activity');

  // Asking again: nothing is left.
  await openTab(adminPage, 'Privacy');
  await adminPage.getByRole('textbox', { name: 'Email address' }).fill(email);
  await adminPage.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(confirm).toContainText(`Nothing is held about ${email}.`);
  await confirm.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(adminPage.getByRole('tabpanel').getByRole('status')).toContainText(
    'Nothing is left to erase for this email address',
  );
});
