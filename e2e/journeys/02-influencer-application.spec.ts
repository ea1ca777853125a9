import { dialog, expect, openTab, test, toast, unique } from '../support/fixtures';

test('When an influencer applies without a social account, then they are told to add one; with one the application is submitted and the admin sees it', async ({
  page,
  adminPage,
  shot,
}) => {
  const id = unique();
  const name = `Alex Terrace ${id}`;
  await page.goto('/');
  await page.locator('#partners').getByRole('button', { name: 'Apply as an Influencer' }).click();
  const form = dialog(page, 'Influencer Partnership Application');
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: 'Full Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`alex.${id}@example.com`);
  await form.getByRole('textbox', { name: 'Known As', exact: true }).fill(`TerraceTalk ${id}`);
  await form.getByRole('textbox', { name: 'Total Followers', exact: true }).fill('65,000');
  await form
    .getByRole('textbox', { name: 'Tell us more about your goals', exact: true })
    .fill('A members area with weekly polls for my followers.');
  await form.getByRole('button', { name: 'Submit Application' }).click();

  const invalid = toast(page, 'Validation Error');
  await expect(invalid).toBeVisible();
  await expect(invalid).toContainText('Please provide at least one social media account.');
  await expect(form.getByText('Please provide at least one social media account.')).toBeVisible();
  await expect(form).toBeVisible();
  await shot(page, '02-application-needs-social-account');

  await form.getByRole('textbox', { name: 'Instagram', exact: true }).fill(`@terracetalk${id}`);
  await form.getByRole('button', { name: 'Submit Application' }).click();
  const submitted = toast(page, 'Application Submitted!');
  await expect(submitted).toBeVisible();
  await expect(submitted).toContainText("We'll get back to you within 24 hours.");
  await expect(form).toBeHidden();
  await shot(page, '02-application-submitted');

  await openTab(adminPage, 'Applications');
  const card = adminPage
    .getByRole('listitem')
    .filter({ has: adminPage.getByRole('heading', { name, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`alex.${id}@example.com`);
  await expect(card.getByText('Influencer', { exact: true })).toBeVisible();
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `View ${name}` }).click();
  const details = dialog(adminPage, name);
  await expect(details.getByRole('heading', { name: 'Influencer Details' })).toBeVisible();
  for (const text of [
    `TerraceTalk ${id}`,
    `@terracetalk${id}`,
    '65,000',
    'A members area with weekly polls for my followers.',
  ]) {
    await expect(details.getByText(text, { exact: true })).toBeVisible();
  }
  await shot(adminPage, '02-application-admin');
});
