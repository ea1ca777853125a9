import { dialog, expect, openTab, test, toast, unique } from '../support/fixtures';

const AHEAD_MS = 10_000;

test('When the admin schedules an article 10 s ahead, then / does not show it before its time and shows it after, with nobody acting', async ({
  page,
  adminPage,
  shot,
}) => {
  const title = `Kick-off at three ${unique()}`;

  await openTab(adminPage, 'News');
  await adminPage.getByRole('button', { name: 'Add Article' }).click();
  const create = dialog(adminPage, 'Create News Article');
  await create.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await create.getByRole('textbox', { name: 'Excerpt', exact: true }).fill('Gates open at one.');
  await create.getByRole('textbox', { name: 'Content', exact: true }).fill('Bring your scarf.');
  await create.getByRole('radio', { name: 'Schedule' }).check();
  // The field takes the admin's local time, to the second; the browser's own clock says what "10 s ahead" is.
  const { local, at } = await adminPage.evaluate((ms) => {
    const d = new Date(Date.now() + ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    return {
      local: `${date}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
      at: Math.floor(d.getTime() / 1000) * 1000,
    };
  }, AHEAD_MS);
  await create.getByLabel('Publish at').fill(local);
  await create.getByRole('button', { name: 'Create Article' }).click();
  await expect(create).toBeHidden();
  await expect(toast(adminPage, 'Success')).toContainText('News article created successfully');
  const listed = adminPage
    .getByRole('listitem')
    .filter({ has: adminPage.getByRole('heading', { name: title }) });
  await expect(listed.getByText(/^Scheduled for /)).toBeVisible();
  await expect(listed.getByText('Published', { exact: true })).toHaveCount(0);
  await shot(adminPage, '15-scheduled-admin');
  await adminPage.close(); // nobody acts from here on

  // Before its time: neither the server-rendered page nor the page a visitor sees has it.
  expect(Date.now()).toBeLessThan(at);
  const served = async () => (await page.request.get('/', { headers: { Accept: 'text/html' } })).text();
  expect(await served()).not.toContain(title);
  await page.goto('/');
  await expect(page.locator('#news')).toBeVisible();
  await expect(page.locator('#news').getByText(title)).toHaveCount(0);

  // At its time: the server-rendered home page has it (the gateway re-rendered on the go-live event), and a reload
  // shows it in the news section.
  await expect
    .poll(async () => (await served()).includes(title), { timeout: AHEAD_MS + 20_000, intervals: [1000] })
    .toBe(true);
  const appeared = Date.now();
  expect(appeared).toBeGreaterThanOrEqual(at);
  await expect(async () => {
    await page.reload();
    await expect(page.locator('#news').getByText(title)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await shot(page, '15-scheduled-home');
  test.info().annotations.push({ type: 'went live after its time (ms)', description: String(appeared - at) });
});
