import { closeDialog, dialog, expect, openTab, test, toast, unique } from '../support/fixtures';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test("When the admin adds an action with a past due date, then it is Overdue and counted as '1 Open Actions'; Mark Complete clears it", async ({
  adminPage: page,
  shot,
}) => {
  const id = unique();
  const name = `Northgate Rovers ${id}`;
  const actionText = `Send the revenue share proposal ${id}`;

  await openTab(page, 'Applications');
  await page.getByRole('button', { name: 'Add Application' }).click();
  const add = dialog(page, 'Add Application');
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await add.getByRole('textbox', { name: 'Email', exact: true }).fill(`office.${id}@example.com`);
  await add.getByRole('textbox', { name: 'Club Name', exact: true }).fill(name);
  await add.getByRole('button', { name: 'Create Application' }).click();
  await expect(add).toBeHidden();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card.getByText('Football Club', { exact: true })).toBeVisible();
  await expect(card.getByText(/Open Actions/)).toHaveCount(0);

  await card.getByRole('button', { name: `View ${name}` }).click();
  const details = dialog(page, name);
  await details.getByRole('button', { name: 'Add Note' }).click();
  await expect(details.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await details.getByRole('textbox', { name: 'Note', exact: true }).fill(`   ${actionText}   `);
  await details.getByLabel('Due Date (optional)').fill(daysAgo(2));
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Success')).toContainText('Note added successfully');
  const note = details.getByRole('button', { name: new RegExp(actionText) });
  await expect(note).toContainText('Overdue');
  await expect(note).toContainText('Pending');
  await shot(page, '05-action-overdue');

  await closeDialog(details);
  await expect(card.getByText('1 Open Actions', { exact: true })).toBeVisible();
  await shot(page, '05-action-open-count');

  await card.getByRole('button', { name: `View ${name}` }).click();
  await note.click();
  const action = dialog(page, 'Action Details');
  await expect(action.getByText(actionText, { exact: true })).toBeVisible();
  await expect(action.getByText('Overdue', { exact: true })).toBeVisible();
  await action.getByRole('textbox', { name: 'Notes', exact: true }).fill('Proposal sent by e-mail.');
  await action.getByRole('button', { name: 'Mark Complete' }).click();
  await expect(action).toBeHidden();
  await expect(note).toContainText('Completed');
  await expect(note).not.toContainText('Overdue');

  await closeDialog(details);
  await expect(card.getByText(/Open Actions/)).toHaveCount(0);
  await shot(page, '05-action-completed');
});
