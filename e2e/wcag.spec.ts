import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { request } from '@playwright/test';
import { admin, dialog, expect, openTab, storeConsent, test, unique } from './support/fixtures';
import { pngFile } from './support/files';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the whole page; a violation fails with each rule, its help text and the offending elements. */
async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.html.slice(0, 300)}: ${n.failureSummary?.split('\n').join(' ')}`).join('\n')}`,
  );
  expect(report, `axe found ${violations.length} violation(s):\n${report.join('\n')}`).toEqual([]);
}

/** Adds a club application from the Applications tab; its card then shows. */
async function addApplication(page: Page, name: string) {
  await openTab(page, 'Applications');
  await page.getByRole('button', { name: 'Add Application' }).click();
  const add = page.getByRole('dialog', { name: 'Add Application' });
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await add
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill(`${name.replace(/\W/g, '.')}@example.com`);
  await add.getByRole('button', { name: 'Create Application' }).click();
  await expect(add).toBeHidden();
}

/** Waits until no loading placeholder or spinner is left. */
async function settled(page: Page) {
  await expect(
    page.locator(
      '[role="status"]:not([aria-live]), [data-testid="news-skeleton"], .animate-spin, .animate-pulse',
    ),
  ).toHaveCount(0);
}

test.describe('Accessibility: public pages as a first-time visitor (cookie banner open)', () => {
  test.use({ consent: false });
  for (const path of ['/', '/news', '/status', '/admin-login']) {
    test(`When a visitor opens ${path}, then axe finds no WCAG 2.2 AA violation`, async ({ page, shot }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
      await expectNoViolations(page);
      await shot(page, `a11y${path === '/' ? '-home' : path.replace(/\//g, '-')}`, { fullPage: true });
    });
  }
});

test.describe('Accessibility: the admin panel', () => {
  for (const tab of [
    'News',
    'Applications',
    'Messages',
    'FAQs',
    'Media',
    'App Gallery',
    'Service Status',
    'Templates',
    'Settings',
    'Recent activity',
    'Trash',
    'Privacy',
  ]) {
    test(`When the admin opens the ${tab} tab, then axe finds no WCAG 2.2 AA violation`, async ({
      adminPage,
      shot,
    }) => {
      await storeConsent(adminPage.context());
      await openTab(adminPage, tab);
      await settled(adminPage);
      await expectNoViolations(adminPage);
      await shot(adminPage, `a11y-admin-${tab.toLowerCase().replace(/\s+/g, '-')}`, { fullPage: true });
    });
  }
});

test.describe('Accessibility: dialogs and forms a person meets', () => {
  test('When the contact dialog is open, then axe finds no WCAG 2.2 AA violation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await expect(page.getByRole('dialog', { name: 'Get in Touch' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('When the club application dialog shows its validation messages, then axe finds no WCAG 2.2 AA violation', async ({
    page,
  }) => {
    await page.goto('/');
    await page.locator('#partners').getByRole('button', { name: 'Apply as a Club' }).click();
    const form = page.getByRole('dialog', { name: 'Football Club Partnership Application' });
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoViolations(page);
  });

  test('When the cookie preferences are open, then axe finds no WCAG 2.2 AA violation', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await page
      .getByRole('region', { name: 'We use cookies' })
      .getByRole('button', { name: 'Manage Preferences' })
      .click();
    await expect(page.getByRole('region', { name: 'Cookie Preferences' })).toBeVisible();
    await expectNoViolations(page);
    await context.close();
  });

  test('When the admin news dialog is open, then axe finds no WCAG 2.2 AA violation', async ({
    adminPage,
  }) => {
    await openTab(adminPage, 'News');
    await adminPage.getByRole('button', { name: 'Add Article' }).click();
    await expect(adminPage.getByRole('dialog', { name: 'Create News Article' })).toBeVisible();
    await expectNoViolations(adminPage);
  });

  test('When the admin contract form is open, then axe finds no WCAG 2.2 AA violation', async ({
    adminPage,
  }) => {
    await addApplication(adminPage, 'Axe Check FC');
    await adminPage.getByRole('button', { name: 'Contracts of Axe Check FC' }).first().click();
    await adminPage
      .getByRole('dialog', { name: 'Contract Management' })
      .getByRole('button', { name: 'Add Contract' })
      .click();
    await expect(adminPage.getByRole('dialog', { name: 'Add Contract' })).toBeVisible();
    await expectNoViolations(adminPage);
  });

  test('When a details dialog shows its History, then axe finds no WCAG 2.2 AA violation', async ({
    adminPage,
    shot,
  }) => {
    const name = `Axe History ${unique()}`;
    await addApplication(adminPage, name);
    await adminPage.getByRole('button', { name: `View ${name}` }).click();
    const details = adminPage.getByRole('dialog', { name });
    await details.getByRole('button', { name: `History of ${name}` }).click();
    await expect(details.getByRole('list', { name: 'History' }).getByRole('listitem')).not.toHaveCount(0);
    await expectNoViolations(adminPage);
    await shot(adminPage, 'a11y-admin-history');
  });
});

test.describe('Accessibility: the Privacy tab at work', () => {
  test('When the Privacy tab shows an export and then the erasure confirmation, then axe finds no WCAG 2.2 AA violation', async ({
    adminPage,
  }) => {
    const name = `Axe Privacy ${unique()}`;
    await addApplication(adminPage, name);
    await openTab(adminPage, 'Privacy');
    await adminPage
      .getByRole('textbox', { name: 'Email address' })
      .fill(`${name.replace(/\W/g, '.')}@example.com`);
    await adminPage.getByRole('button', { name: 'Export', exact: true }).click();
    const held = adminPage.getByRole('region', { name: /^Held about / });
    // The applicant's own record, and the contracts service's record of them as a partner.
    await expect(held.getByRole('definition').getByText(name, { exact: true })).toHaveCount(2);
    await held.getByText('The export as JSON').click();
    await expectNoViolations(adminPage);
    await adminPage.getByRole('button', { name: 'Erase', exact: true }).click();
    await expect(adminPage.getByRole('alertdialog', { name: 'Erase personal data?' })).toBeVisible();
    await expectNoViolations(adminPage);
  });
});

test.describe('Accessibility: the screens of issue 27', () => {
  test('When the media library reads a picked file (name, type, size), then axe finds no WCAG 2.2 AA violation', async ({
    adminPage,
  }) => {
    await openTab(adminPage, 'Media');
    await adminPage.getByRole('button', { name: 'Add Media File' }).click();
    const add = dialog(adminPage, 'Add Media File');
    await add.getByLabel('File').setInputFiles(await pngFile(`axe-${unique()}.png`, 'Axe', '#1b5e20'));
    await expect(add.getByRole('definition').filter({ hasText: 'image/png' })).toBeVisible();
    await expectNoViolations(adminPage);
  });

  test('When Generate from Template opens the contract form prefilled from the application, then axe finds no WCAG 2.2 AA violation', async ({
    adminPage,
  }) => {
    const name = `Axe Generate ${unique()}`;
    await addApplication(adminPage, name);
    await adminPage
      .getByRole('button', { name: `Contracts of ${name}` })
      .first()
      .click();
    await dialog(adminPage, 'Contract Management')
      .getByRole('button', { name: 'Generate from Template' })
      .click();
    const form = dialog(adminPage, 'Generate from Template');
    await expect(form.getByRole('textbox', { name: /^Client Name/ })).toHaveValue(name);
    // Sent with what is missing: the form names each missing field.
    await form.getByRole('button', { name: 'Generate Contract' }).click();
    await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoViolations(adminPage);
  });

  test("When an application's note is open over its details, and the Add Note form beside it, then axe finds no WCAG 2.2 AA violation", async ({
    adminPage,
  }) => {
    const name = `Axe Note ${unique()}`;
    await addApplication(adminPage, name);
    await adminPage.getByRole('button', { name: `View ${name}` }).click();
    const details = adminPage.getByRole('dialog', { name });
    await details.getByRole('button', { name: 'Add Note' }).click();
    await expectNoViolations(adminPage);
    await details.getByRole('textbox', { name: 'Note' }).fill('Call the chairman');
    await details.getByRole('button', { name: 'Save' }).click();
    await details.getByRole('button', { name: /Call the chairman/ }).click();
    await expect(adminPage.getByRole('dialog', { includeHidden: true })).toHaveCount(2);
    await expectNoViolations(adminPage);
  });

  test('When a save meets a change made meanwhile (the conflict panel), then axe finds no WCAG 2.2 AA violation', async ({
    adminPage,
    baseURL,
  }) => {
    const title = `Axe conflict ${unique()}`;
    const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    const { csrfToken } = (await (await api.post('/api/auth/login', { data: admin })).json()) as {
      csrfToken: string;
    };
    const headers = { 'X-CSRF-Token': csrfToken };
    const created = await api.post('/api/news', {
      data: { title, excerpt: 'Before', content: 'The first draft.' },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await openTab(adminPage, 'News');
    await adminPage.getByRole('searchbox', { name: 'Search news' }).fill(title);
    await adminPage.getByRole('button', { name: `Edit ${title}` }).click();
    const mine = dialog(adminPage, 'Edit News Article');
    await mine.getByRole('textbox', { name: 'Content', exact: true }).fill('My longer content.');
    // Meanwhile another admin changes the excerpt.
    const changed = await api.put(`/api/admin/news/${id}`, {
      data: { title, excerpt: 'Changed meanwhile', content: 'The first draft.' },
      headers,
    });
    expect(changed.ok(), await changed.text()).toBe(true);
    await api.dispose();
    await mine.getByRole('button', { name: 'Update Article' }).click();
    await expect(mine.getByText(/Someone else saved this article while you were editing/)).toBeVisible();
    await expectNoViolations(adminPage);
  });
});
