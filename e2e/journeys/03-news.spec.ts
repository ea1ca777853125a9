import type { Locator } from '@playwright/test';
import { choose, dialog, expect, openTab, test, toast, unique } from '../support/fixtures';
import { pngFile } from '../support/files';

/** The image is shown: it has the uploaded address and the browser decoded it. */
async function expectImage(img: Locator, src: string) {
  await expect(img).toHaveAttribute('src', src);
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((e: HTMLImageElement) => (e.complete ? e.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

test('When the admin publishes a featured article with an uploaded image, then visitors see it on the home page and /news, a draft stays hidden, and the filter finds it', async ({
  page,
  adminPage,
  shot,
}) => {
  const id = unique();
  const title = `Derby day app launch ${id}`;
  const draftTitle = `Unfinished draft ${id}`;
  const content = `Supporters of Riverside can now vote for the player of the match from their seats. (${id})`;
  const image = await pngFile(`news-${id}.png`, 'Derby day', '#047857', { width: 1200, height: 630 });

  await openTab(adminPage, 'News');
  await adminPage.getByRole('button', { name: 'Add Article' }).click();
  const create = dialog(adminPage, 'Create News Article');
  await create.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await create
    .getByRole('textbox', { name: 'Excerpt', exact: true })
    .fill('Matchday polls go live for every home game.');
  await create.getByRole('textbox', { name: 'Content', exact: true }).fill(content);
  await choose(create, 'Category', 'Transfer News');
  await create.getByLabel('Upload Image').setInputFiles(image);
  await expect(create.getByRole('img', { name: 'Image preview' })).toBeVisible();
  const imageUrl = await create.getByRole('textbox', { name: 'Image URL', exact: true }).inputValue();
  expect(imageUrl).not.toBe('');
  await create.getByRole('switch', { name: 'Featured' }).click();
  await expect(create.getByRole('switch', { name: 'Featured' })).toBeChecked();
  await expect(create.getByRole('switch', { name: 'Published' })).toBeChecked();
  await create.getByRole('button', { name: 'Create Article' }).click();
  await expect(create).toBeHidden();
  await expect(toast(adminPage, 'Success')).toContainText('News article created successfully');

  await adminPage.getByRole('button', { name: 'Add Article' }).click();
  await create.getByRole('textbox', { name: 'Title', exact: true }).fill(draftTitle);
  await create.getByRole('textbox', { name: 'Excerpt', exact: true }).fill('Not ready yet.');
  await create.getByRole('textbox', { name: 'Content', exact: true }).fill('Still being written.');
  await create.getByRole('switch', { name: 'Published' }).click();
  await expect(create.getByRole('switch', { name: 'Published' })).not.toBeChecked();
  await create.getByRole('button', { name: 'Create Article' }).click();
  await expect(create).toBeHidden();

  const published = adminPage
    .getByRole('listitem')
    .filter({ has: adminPage.getByRole('heading', { name: title }) });
  await expect(published.getByText('Featured', { exact: true })).toBeVisible();
  await expect(published.getByText('Published', { exact: true })).toBeVisible();
  const draft = adminPage
    .getByRole('listitem')
    .filter({ has: adminPage.getByRole('heading', { name: draftTitle }) });
  await expect(draft.getByText('Draft', { exact: true })).toBeVisible();
  await shot(adminPage, '03-news-admin');

  // Home page: the article with its image, not the draft; Read More shows the whole article.
  await page.goto('/');
  const news = page.locator('#news');
  const card = news.getByRole('listitem').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expectImage(card.locator('img'), imageUrl);
  await expect(news.getByText(draftTitle)).toHaveCount(0);
  await card.getByRole('button', { name: `Read More: ${title}` }).click();
  const article = dialog(page, title);
  await expect(article).toContainText(content);
  await expect(article).toContainText('Transfer News');
  await expectImage(article.locator('img'), imageUrl);
  await shot(page, '03-news-read-more');
  await page.keyboard.press('Escape');
  await expect(article).toBeHidden();

  // /news: the article (featured) with its image, not the draft; the category filter finds it.
  await page.goto('/news');
  const listed = page.getByRole('listitem').filter({ hasText: title });
  await expect(listed).toBeVisible();
  await expect(listed.getByText('Featured', { exact: true })).toBeVisible();
  await expectImage(listed.locator('img'), imageUrl);
  await expect(page.getByText(draftTitle)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Match Report' });
  await expect(page.getByText('No News Found')).toBeVisible();
  await expect(
    page.getByText('No articles found in the "Match Report" category. Try changing the filter.'),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Transfer News' });
  await expect(listed).toBeVisible();
  await shot(page, '03-news-filtered');
});
