import { dialog, expect, openTab, test, toast, unique } from '../support/fixtures';
import { pngFile } from '../support/files';

test("When the admin turns 'Show App Gallery' off, then the hero button goes; on, with two screenshots, then the gallery cycles and wraps", async ({
  page,
  adminPage,
  shot,
}) => {
  const id = unique();
  const heroButton = page.getByRole('button', { name: 'App Gallery', exact: true });

  await openTab(adminPage, 'Settings');
  const setting = adminPage.getByRole('switch', { name: 'Show App Gallery' });
  await expect(setting).toBeChecked();
  await setting.click();
  await expect(toast(adminPage, 'Success')).toContainText('Setting updated successfully');
  await expect(setting).not.toBeChecked();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(heroButton).toHaveCount(0);
  await shot(page, '04-gallery-off');

  await openTab(adminPage, 'App Gallery');
  const screenshots = [
    { description: `Matchday poll screen ${id}`, platform: 'iOS', color: '#047857' },
    { description: `Auction bidding screen ${id}`, platform: 'Android', color: '#1d4ed8' },
  ];
  for (const [i, s] of screenshots.entries()) {
    await adminPage.getByRole('button', { name: 'Add Screenshot' }).click();
    const add = dialog(adminPage, 'Add Screenshot');
    await add
      .getByLabel('Screenshot Image')
      .setInputFiles(await pngFile(`gallery-${id}-${i + 1}.png`, `Screen ${i + 1}`, s.color));
    await expect(add.getByRole('img', { name: 'Screenshot preview' })).toBeVisible();
    await add.getByRole('textbox', { name: 'Description', exact: true }).fill(s.description);
    await add.getByRole('textbox', { name: 'Platform', exact: true }).fill(s.platform);
    await add.getByRole('spinbutton', { name: 'Order' }).fill(String(i + 1));
    await add.getByRole('button', { name: 'Add Screenshot' }).click();
    await expect(add).toBeHidden();
    await expect(toast(adminPage, 'Success')).toContainText('Screenshot added successfully');
  }
  await expect(adminPage.getByText('Found 2 screenshot(s)')).toBeVisible();
  await shot(adminPage, '04-gallery-admin');

  await openTab(adminPage, 'Settings');
  await setting.click();
  await expect(setting).toBeChecked();

  await page.reload();
  await heroButton.click();
  const gallery = dialog(page, 'App Gallery');
  const shown = (n: number) => gallery.getByRole('img', { name: screenshots[n]!.description });
  await expect(shown(0)).toBeVisible();
  await expect(gallery.getByText('1 of 2')).toBeVisible();
  await gallery.getByRole('button', { name: 'Next screenshot' }).click();
  await expect(shown(1)).toBeVisible();
  await expect(gallery.getByText('2 of 2')).toBeVisible();
  await gallery.getByRole('button', { name: 'Next screenshot' }).click();
  await expect(shown(0)).toBeVisible();
  await expect(gallery.getByText('1 of 2')).toBeVisible();
  await gallery.getByRole('button', { name: 'Previous screenshot' }).click();
  await expect(shown(1)).toBeVisible();
  await shown(1).hover();
  await expect(gallery.getByText('Android', { exact: true })).toBeVisible();
  await expect(gallery.getByText(screenshots[1]!.description, { exact: true })).toBeVisible();
  await expect
    .poll(() => shown(1).evaluate((e: HTMLImageElement) => (e.complete ? e.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await shot(page, '04-gallery-cycling');
});
