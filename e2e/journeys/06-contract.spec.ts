import { readFileSync } from 'node:fs';
import { closeDialog, dialog, expect, openTab, test, toast, unique } from '../support/fixtures';
import { docxFile, docxText } from '../support/files';

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** The day before the same date a year on: where a 12-month term from `start` ends (the form checks the two agree). */
function yearOn(start: string): string {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

test('When the admin uploads a .docx template and creates a contract for a club, then the club is a locked Partner and Generate downloads its filled document', async ({
  adminPage: page,
  shot,
}, testInfo) => {
  const id = unique();
  const club = `Harbour Town FC ${id}`;
  const company = `Harbour Town Football Club Ltd ${id}`;
  const templateName = `E2E partnership template ${id}`;
  const template = docxFile(`template-${id}.docx`, [
    `E2E template ${id}`,
    'Contract {contractId} between 12Yards and {companyName} ({registrationNumber}).',
    'Signed for the partner by {clientName}, {clientPosition}.',
  ]);

  // Template upload: no file is refused with the SPEC's message, then the .docx is listed.
  await openTab(page, 'Templates');
  await page.getByRole('button', { name: 'Upload Contract' }).click();
  const upload = dialog(page, 'Upload Contract');
  await upload.getByRole('textbox', { name: 'Name', exact: true }).fill(templateName);
  await upload.getByLabel('Valid From').fill(day(-1));
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload.getByText('Please select a file')).toBeVisible();
  await upload.getByLabel('File').setInputFiles(template);
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload).toBeHidden();
  await expect(toast(page, 'Success')).toContainText('Contract template uploaded successfully');
  const listed = page.getByRole('listitem').filter({ hasText: templateName });
  await expect(listed).toContainText(`template-${id}.docx`);

  // A club application, then a contract for it.
  await openTab(page, 'Applications');
  await page.getByRole('button', { name: 'Add Application' }).click();
  const add = dialog(page, 'Add Application');
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill(club);
  await add.getByRole('textbox', { name: 'Email', exact: true }).fill(`commercial.${id}@example.com`);
  await add.getByRole('textbox', { name: 'Club Name', exact: true }).fill(club);
  await add.getByRole('button', { name: 'Create Application' }).click();
  await expect(add).toBeHidden();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: club, exact: true }) });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: `Contracts of ${club}` }).click();
  const manage = dialog(page, 'Contract Management');
  await expect(manage.getByText('No contracts yet.')).toBeVisible();
  await manage.getByRole('button', { name: 'Add Contract' }).click();
  const form = dialog(page, 'Add Contract');
  const fields: Array<[string, string]> = [
    ['Company Name', company],
    ['Registration Number', '09876543'],
    ['Company Address', '1 Quay Street, Harbour Town, HT1 2AB'],
    ['Client Name', 'Morgan Ellis'],
    ['Client Email', `morgan.${id}@example.com`],
    ['Client Phone', '+44 20 7946 0999'],
    ['Client Position', 'Commercial Director'],
    ['Setup Fee', '£1,500'],
    ['Penalty Fee per Month', '£100'],
  ];
  for (const [label, value] of fields)
    await form.getByRole('textbox', { name: label, exact: true }).fill(value);
  await form.getByLabel('Start Date').fill(day(0));
  await form.getByLabel('End Date').fill(yearOn(day(0)));
  await form.getByRole('spinbutton', { name: 'Contract Length (months)' }).fill('12');
  await form.getByRole('spinbutton', { name: 'Revenue Share (%)' }).fill('20');
  await form.getByRole('button', { name: 'Create Contract' }).click();
  await expect(form).toBeHidden();
  await expect(toast(page, 'Success')).toContainText('Contract created successfully');
  const contract = manage.getByRole('listitem').filter({ hasText: company });
  await expect(contract).toContainText('Morgan Ellis');
  await expect(contract).toContainText('12 months');
  await expect(contract).toContainText('20%');
  await shot(page, '06-contract-management');

  // Generate: the browser downloads contract-{id}.docx, filled from the uploaded template.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    contract.getByRole('button', { name: `Generate document for ${company}` }).click(),
  ]);
  const fileName = download.suggestedFilename();
  expect(fileName).toMatch(/^contract-[A-Za-z0-9_-]+\.docx$/);
  const saved = testInfo.outputPath(fileName);
  await download.saveAs(saved);
  const text = docxText(readFileSync(saved));
  expect(text).toContain(`E2E template ${id}`);
  expect(text).toContain(company);
  expect(text).toContain(`Contract ${fileName.slice('contract-'.length, -'.docx'.length)} between 12Yards`);
  expect(text).toContain('Morgan Ellis, Commercial Director');

  await closeDialog(manage);

  // The contract makes the club a Partner (the partners service reacts to ContractCreated), locked against edits.
  await expect(async () => {
    await page.reload();
    await expect(card.getByText('Partner', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await card.getByRole('button', { name: `View ${club}` }).click();
  const details = dialog(page, club);
  await expect(details.getByRole('combobox', { name: 'Status' })).toBeDisabled();
  await expect(details.getByRole('combobox', { name: 'Status' })).toHaveText('Partner');
  await expect(details).toContainText(
    'This partner has active contracts, so the status is set to Partner automatically and cannot be changed by hand.',
  );
  await shot(page, '06-contract-partner-locked');
});
