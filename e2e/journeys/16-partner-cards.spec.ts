import { dialog, expect, test } from '../support/fixtures';

test('When a visitor clicks anywhere on the Football Club or Influencer card, or uses the keyboard, then the application dialog opens', async ({
  page,
}) => {
  await page.goto('/');
  const partners = page.locator('#partners');

  // A click on the card's text, not on its button, where a visitor's pointer would land.
  const clubText = partners.getByText('Launch your own branded app for your supporters', { exact: false });
  await clubText.scrollIntoViewIfNeeded();
  const box = await clubText.boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  const club = dialog(page, 'Football Club Partnership Application');
  await expect(club).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(club).toBeHidden();

  const title = partners.getByText('Influencer', { exact: true });
  await title.scrollIntoViewIfNeeded();
  const titleBox = await title.boundingBox();
  await page.mouse.click(titleBox!.x + titleBox!.width / 2, titleBox!.y + titleBox!.height / 2);
  const influencer = dialog(page, 'Influencer Partnership Application');
  await expect(influencer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(influencer).toBeHidden();

  // The keyboard: one tab stop per card, Enter opens the dialog.
  const apply = partners.getByRole('button', { name: 'Apply as a Club' });
  await apply.focus();
  await page.keyboard.press('Enter');
  await expect(club).toBeVisible();
});
