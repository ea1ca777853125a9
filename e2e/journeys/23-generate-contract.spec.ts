import { dialog, expect, openTab, test, toast, unique } from '../support/fixtures';

const today = () => new Date().toISOString().slice(0, 10);

/** The day before the same date a year on: where a 12-month term from `start` ends. */
function yearOn(start: string): string {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

test('When the admin generates a contract from an application, then the form comes prefilled, asks for the rest, refuses a bad phone, fee or term, and the contract is made without leaving the dialog', async ({
  adminPage: page,
  shot,
}) => {
  const id = unique();
  const applicant = `Kit Morgan ${id}`;
  const club = `Estuary Rovers FC ${id}`;
  const email = `kit.${id}@example.com`;

  // An application from a club: its name, email and organisation are what the contract starts from.
  await openTab(page, 'Applications');
  await page.getByRole('button', { name: 'Add Application' }).click();
  const add = dialog(page, 'Add Application');
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill(applicant);
  await add.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await add.getByRole('textbox', { name: 'Club Name', exact: true }).fill(club);
  await add.getByRole('button', { name: 'Create Application' }).click();
  await expect(add).toBeHidden();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: applicant, exact: true }) });

  await card.getByRole('button', { name: `Contracts of ${applicant}` }).click();
  const manage = dialog(page, 'Contract Management');
  await manage.getByRole('button', { name: 'Generate from Template' }).click();
  const form = dialog(page, 'Generate from Template');

  // Prefilled from the application, a 12-month term from today; the template in use is named.
  await expect(form.getByRole('textbox', { name: 'Company Name', exact: true })).toHaveValue(club);
  await expect(form.getByRole('textbox', { name: 'Client Name', exact: true })).toHaveValue(applicant);
  await expect(form.getByRole('textbox', { name: 'Client Email', exact: true })).toHaveValue(email);
  await expect(form.getByRole('spinbutton', { name: 'Contract Length (months)' })).toHaveValue('12');
  await expect(form.getByLabel('End Date')).toHaveValue(yearOn(today()));
  await expect(form).toContainText('The document is made from');

  // What an application does not have is asked for; a phone, fees and a term that do not hold are refused.
  await form.getByRole('button', { name: 'Generate Contract' }).click();
  await expect(form.getByText('Registration number is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Registration Number', exact: true }).fill('04455667');
  await form
    .getByRole('textbox', { name: 'Company Address', exact: true })
    .fill('2 Quay Road, Estuary, ES1 1AA');
  await form.getByRole('textbox', { name: 'Client Phone', exact: true }).fill('abc');
  await form.getByRole('textbox', { name: 'Client Position', exact: true }).fill('Secretary');
  await form.getByRole('textbox', { name: 'Setup Fee', exact: true }).fill('a lot');
  await form.getByRole('textbox', { name: 'Penalty Fee per Month', exact: true }).fill('£100');
  await form.getByLabel('End Date').fill(yearOn(today()).replace(/^\d{4}/, (y) => String(Number(y) + 1)));
  await form.getByRole('button', { name: 'Generate Contract' }).click();
  await expect(
    form.getByText('Enter a phone number: digits, with spaces and + ( ) - if you like'),
  ).toBeVisible();
  await expect(form.getByText('Enter an amount, such as £500 or £1,250.50')).toBeVisible();
  await expect(
    form.getByText(/^12 months from .* end on .*: change the end date or the length$/),
  ).toBeVisible();
  await shot(page, '23-generate-contract-refused');

  await form.getByRole('textbox', { name: 'Client Phone', exact: true }).fill('+44 1632 960000');
  await form.getByRole('textbox', { name: 'Setup Fee', exact: true }).fill('£1,250');
  await form.getByLabel('End Date').fill(yearOn(today()));
  await form.getByRole('button', { name: 'Generate Contract' }).click();
  await expect(form).toBeHidden();
  await expect(toast(page, 'Success')).toContainText('Contract created successfully');

  // Still in the Contract Management dialog: the new contract is listed, Active from today.
  await expect(manage).toBeVisible();
  const contract = manage.getByRole('listitem').filter({ hasText: club });
  await expect(contract).toContainText(applicant);
  await expect(contract).toContainText('12 months');
  await expect(contract.getByText('Active', { exact: true })).toBeVisible();
  await shot(page, '23-generate-contract-made');
});
