import { request, type Page } from '@playwright/test';
import { admin, dialog, expect, openAdmin, openTab, test, toast, unique } from '../support/fixtures';

// Issue 27 item 8: two admins edit the same article. The second save is refused as stale (412); the dialog keeps
// what that admin typed, lists what the other changed field by field, and saving again applies the choices.

async function seedArticle(baseURL: string, title: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/api/auth/login', { data: admin });
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const res = await api.post('/api/news', {
    data: { title, excerpt: 'Fixtures for the season', content: 'The first draft.' },
    headers: { 'X-CSRF-Token': csrfToken },
  });
  expect(res.status(), await res.text()).toBe(201);
  await api.dispose();
}

async function openArticle(page: Page, title: string) {
  await openTab(page, 'News');
  await page.getByRole('searchbox', { name: 'Search news' }).fill(title);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  return dialog(page, 'Edit News Article');
}

test('When two admins edit the same article, then the second save shows what changed meanwhile, keeps the typing, and saves the choices with the newer version', async ({
  browser,
  adminPage,
  adminState,
  baseURL,
  shot,
}) => {
  const id = unique();
  const title = `Season fixtures ${id}`;
  await seedArticle(baseURL!, title);
  const other = await openAdmin(browser, adminState);

  // The first admin starts a long edit of the content.
  const mine = await openArticle(adminPage, title);
  const myContent = `Every home game of the season, with kick-off times and ticket links. (${id})`;
  await mine.getByRole('textbox', { name: 'Content', exact: true }).fill(myContent);

  // Meanwhile the other admin renames the article and rewrites its content, and saves.
  const theirs = await openArticle(other, title);
  const newTitle = `Season fixtures announced ${id}`;
  await theirs.getByRole('textbox', { name: 'Title', exact: true }).fill(newTitle);
  await theirs.getByRole('textbox', { name: 'Content', exact: true }).fill('Their shorter content.');
  await theirs.getByRole('button', { name: 'Update Article' }).click();
  await expect(theirs).toBeHidden();
  await expect(toast(other, 'Success')).toContainText('News article updated successfully');

  // The first admin saves: refused as stale, nothing typed is lost, each changed field can be kept or taken.
  await mine.getByRole('button', { name: 'Update Article' }).click();
  await expect(mine.getByText(/Someone else saved this article while you were editing/)).toBeVisible();
  await expect(mine.getByRole('textbox', { name: 'Content', exact: true })).toHaveValue(myContent);
  const titleChoice = mine.getByRole('group', { name: 'Title' });
  await expect(titleChoice.getByRole('radio', { name: `Take the newer one: ${newTitle}` })).toBeChecked();
  await expect(mine.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(newTitle);
  const contentChoice = mine.getByRole('group', { name: 'Content' });
  await expect(contentChoice.getByRole('radio', { name: /^Keep mine: Every home game/ })).toBeChecked();
  await expect(
    contentChoice.getByRole('radio', { name: 'Take the newer one: Their shorter content.' }),
  ).not.toBeChecked();
  await expect(mine.getByRole('group', { name: 'Excerpt' })).toHaveCount(0);
  await shot(adminPage, '20-edit-conflict');

  await mine.getByRole('button', { name: 'Update Article' }).click();
  await expect(mine).toBeHidden();
  await expect(toast(adminPage, 'Success')).toContainText('News article updated successfully');

  // Both changes are in: their title, my content.
  await adminPage.getByRole('searchbox', { name: 'Search news' }).fill(newTitle);
  const row = adminPage
    .getByRole('listitem')
    .filter({ has: adminPage.getByRole('heading', { name: newTitle }) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Edit ${newTitle}` }).click();
  await expect(
    dialog(adminPage, 'Edit News Article').getByRole('textbox', { name: 'Content', exact: true }),
  ).toHaveValue(myContent);
  await other.context().close();
});
