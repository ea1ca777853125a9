import { request, type Browser, type Page } from '@playwright/test';
import { ADMIN_PATH, admin, expect, openTab, storeConsent, test, unique } from '../support/fixtures';

// Issue 27, items 2 and 3: on a 390x844 phone, as an admin and as an editor, no tab, list, card or dialog is wider
// than the screen, the tabs are one row that scrolls sideways, and an editor finds no control the server would
// refuse them (Delete, the Settings switch) usable.
const PHONE = { width: 390, height: 844 };
/** And the laptop the admin works at most of the day (issue 27 item 5): the same checks at 1280x800. */
const LAPTOP = { width: 1280, height: 800 };
type Size = typeof PHONE;
const ROLES = ['admin', 'editor'] as const;
type Role = (typeof ROLES)[number];

/** Signs in through the API and seeds what the tabs show: an article, a FAQ, a message, a partner with a contract. */
async function seed(baseURL: string, suffix: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/api/auth/login', { data: admin });
  expect(login.ok()).toBe(true);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const post = async (path: string, data: unknown) => {
    const res = await api.post(path, { data, headers: { 'X-CSRF-Token': csrfToken } });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: string };
  };
  const partnerName = `Phone Check FC ${suffix}`;
  await post('/api/news', { title: `Phone check ${suffix}`, excerpt: 'Short', content: 'Long enough' });
  await post('/api/admin/faqs', { question: `Does it fit a phone ${suffix}?`, answer: 'It does.' });
  await post('/api/contacts', {
    name: 'Phone Person',
    email: 'phone.person@example.com',
    subject: `A long subject line that a phone has to wrap ${suffix}`,
    message: 'Hello',
  });
  const partner = await post('/api/admin/partners', {
    name: partnerName,
    email: `phone.${suffix}@example.com`,
    type: 'club',
  });
  await post('/api/admin/contracts', {
    partnerId: partner.id,
    companyName: `Phone Check Football Club Limited ${suffix}`,
    registrationNumber: 'REG-0000000001',
    companyAddress: '1 A Rather Long Street Name, Somewhere, AB1 2CD',
    clientName: 'Pat Person',
    clientEmail: `pat.${suffix}@example.com`,
    clientTelephone: '+44 20 7946 0000',
    clientPosition: 'Chair',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    lengthMonths: 12,
    platformName: '12Yards',
    setupFee: '£1,000',
    penaltyFeePerMonth: '£100',
  });
  await post(`/api/admin/partners/${partner.id}/actions`, {
    actionText: `Call the chairman about the phone check, a note long enough to wrap on a phone ${suffix}`,
    dueDate: '2026-01-15',
  });
  await api.dispose();
  return { partnerName, email: `phone.${suffix}@example.com` };
}

/**
 * A phone-sized window on the panel. The editor's window is the admin's session with /api/auth/me answering the
 * role editor: what the panel shows is decided by that answer (the server's own 403 is covered by the gateway's
 * tests), and the product has no API to make a second user.
 */
async function openPhone(browser: Browser, baseURL: string, role: Role, viewport: Size = PHONE) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  expect((await api.post('/api/auth/login', { data: admin })).ok()).toBe(true);
  const context = await browser.newContext({
    baseURL,
    viewport,
    storageState: await api.storageState(),
  });
  await api.dispose();
  await storeConsent(context);
  if (role === 'editor') {
    await context.route('**/api/auth/me', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { user: { role: string } };
      body.user.role = 'editor';
      await route.fulfill({ response: res, json: body });
    });
  }
  const page = await context.newPage();
  await page.goto(ADMIN_PATH);
  await expect(page.getByText(`(${role})`)).toBeVisible();
  return page;
}

/**
 * Every visible element of the page wider than the screen or reaching past its edges (the tab bar's tabs excepted:
 * that bar scrolls sideways by design), and whether the page itself scrolls sideways.
 */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    }
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.parentElement?.closest('[role="tablist"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.left < -1 || r.right > width + 1) {
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50);
        found.push(
          `<${el.tagName.toLowerCase()}> "${text}" spans ${Math.round(r.left)}..${Math.round(r.right)}`,
        );
      }
    }
    return found.slice(0, 8);
  });
}

async function expectFits(page: Page, where: string) {
  const width = page.viewportSize()?.width ?? PHONE.width;
  expect(await overflow(page), `${where} is wider than a ${width} px window`).toEqual([]);
}

/** Opens the dialog behind BUTTON, checks that it fits the phone and that one Escape closes it. */
async function checkDialog(page: Page, button: string | RegExp, where: string) {
  await page.getByRole('tabpanel').getByRole('button', { name: button }).first().click();
  const d = page.getByRole('dialog').last();
  await expect(d).toBeVisible();
  await expectFits(page, `${where}: the dialog of ${String(button)}`);
  await page.keyboard.press('Escape');
  await expect(d).toBeHidden();
}

/**
 * The dialog open now: its History opened where it has one (the list read), then it fits and one Escape closes it.
 */
async function checkOpenDialog(page: Page, where: string) {
  const d = page.getByRole('dialog').last();
  await expect(d).toBeVisible();
  const history = d.getByRole('button', { name: /^History/ });
  if (await history.count()) {
    await history.first().click();
    await expect(
      d.getByRole('list', { name: 'History' }).or(d.getByText('No history yet.')).first(),
    ).toBeVisible();
  }
  await expectFits(page, where);
  // Over another dialog (Contract Management, the application's details) that one stays: one fewer is open
  // (counted hidden ones too: under the top dialog the others are aria-hidden).
  const dialogs = page.getByRole('dialog', { includeHidden: true });
  const open = await dialogs.count();
  await page.keyboard.press('Escape');
  await expect(dialogs).toHaveCount(open - 1);
}

/** The first row's Edit dialog of the tab (with its History), when the role may edit. */
async function checkEditDialog(page: Page, label: string) {
  const edit = page.getByRole('tabpanel').getByRole('button', { name: /^Edit/ }).first();
  if (!(await edit.count()) || (await edit.getAttribute('aria-disabled')) === 'true') return;
  await edit.click();
  await checkOpenDialog(page, `the ${label} tab: the edit dialog`);
}

/** The history shown in the tab's first card (Messages, Service Status, Settings, Media), opened. */
async function checkCardHistory(page: Page, label: string) {
  const history = page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^History/ })
    .first();
  if (!(await history.count())) return;
  await history.click();
  await expect(
    page
      .getByRole('tabpanel')
      .getByRole('list', { name: 'History' })
      .or(page.getByText('No history yet.'))
      .first(),
  ).toBeVisible();
  await expectFits(page, `the ${label} tab with a card's history open`);
}

/** The dialogs each tab opens from its toolbar. */
const DIALOGS: Record<string, string[]> = {
  News: ['Add Article'],
  Applications: ['Add Application'],
  FAQs: ['Add FAQ'],
  Media: ['Add Media File'],
  'App Gallery': ['Add Screenshot'],
  Templates: ['Upload Contract'],
};

for (const [size, viewport] of [
  ['390x844 phone', PHONE],
  ['1280x800 laptop', LAPTOP],
] as const)
  for (const role of ROLES) {
    test(`When the ${role} uses the panel on a ${size}, then every tab and dialog fits and only allowed controls are usable`, async ({
      browser,
      baseURL,
      shot,
    }) => {
      test.setTimeout(240_000);
      const { partnerName, email } = await seed(baseURL!, unique());
      const page = await openPhone(browser, baseURL!, role, viewport);

      // The tabs are one row (all at the same height) that scrolls sideways.
      const tabs = page.getByRole('tab');
      const tops = await tabs.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      // On a phone; a laptop wraps them (two rows at 1280 px), as the design has it.
      if (viewport === PHONE) expect(new Set(tops).size, 'the tabs wrap into more than one row').toBe(1);
      const labels = await tabs.allInnerTexts();

      for (const label of labels.map((l) => l.replace(/\s*\d+$/, '').trim())) {
        await openTab(page, label);
        const panel = page.getByRole('tabpanel');
        await expectFits(page, `the ${label} tab`);
        for (const button of DIALOGS[label] ?? []) await checkDialog(page, button, `the ${label} tab`);
        await checkEditDialog(page, label);
        await checkCardHistory(page, label);

        const deletes = panel.getByRole('button', { name: /^(Delete|Empty trash)/ });
        // An Edit the role may not use is disabled too and says why (the kit's RowActions check each action's role).
        for (const edit of await panel.getByRole('button', { name: /^Edit/ }).all()) {
          if ((await edit.getAttribute('aria-disabled')) === 'true') {
            await expect(edit).toHaveAccessibleDescription('This action needs the admin role');
          }
        }
        for (const del of await deletes.all()) {
          if (role === 'editor') {
            await expect(del).toHaveAttribute('aria-disabled', 'true');
            await expect(del).toHaveAccessibleDescription('This action needs the admin role');
          } else {
            await expect(del).not.toHaveAttribute('aria-disabled');
          }
        }
        if (label === 'News' && role === 'admin') {
          await deletes.first().click();
          await expect(page.getByRole('alertdialog')).toBeVisible();
          await expectFits(page, 'the delete confirmation');
          await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
        }
        if (label === 'Settings') {
          const toggle = panel.getByRole('switch', { name: 'Show App Gallery' });
          if (role === 'editor') await expect(toggle).toBeDisabled();
          else await expect(toggle).toBeEnabled();
        }
        if (label === 'Applications') {
          await panel
            .getByRole('button', { name: `Contracts of ${partnerName}` })
            .first()
            .click();
          const manage = page.getByRole('dialog', { name: 'Contract Management' });
          await expect(manage.getByText('REG-0000000001')).toBeVisible();
          await expectFits(page, 'the Contract Management dialog');
          for (const action of [/^Generate document/, /^Edit contract of/, /^Delete contract of/]) {
            const button = manage.getByRole('button', { name: action }).first();
            await expect(button).toBeInViewport();
          }
          await manage.getByRole('button', { name: 'Add Contract' }).click();
          const form = page.getByRole('dialog', { name: 'Add Contract' });
          await expect(form).toBeVisible();
          await expectFits(page, 'the Add Contract form');
          await page.keyboard.press('Escape');
          await expect(form).toBeHidden();
          // Generate from Template: the contract form prefilled from the application, the template named.
          await manage.getByRole('button', { name: 'Generate from Template' }).click();
          await expect(page.getByRole('dialog', { name: 'Generate from Template' })).toBeVisible();
          await checkOpenDialog(page, 'the Generate from Template form');
          // A contract's Edit form, its history open.
          const editContract = manage.getByRole('button', { name: /^Edit contract of/ }).first();
          if ((await editContract.getAttribute('aria-disabled')) !== 'true') {
            await editContract.click();
            await expect(page.getByRole('dialog', { name: 'Edit Contract' })).toBeVisible();
            await checkOpenDialog(page, 'the Edit Contract form');
          }
          await page.keyboard.press('Escape');
          await expect(manage).toBeHidden();

          // The application's details: its history, the Add Note form and a note's own dialog.
          await panel
            .getByRole('button', { name: `View ${partnerName}` })
            .first()
            .click();
          const details = page.getByRole('dialog').last();
          await expect(details.getByRole('region', { name: 'Basic information' })).toBeVisible();
          await details.getByRole('button', { name: /^History/ }).click();
          await expect(details.getByRole('list', { name: 'History' })).toBeVisible();
          await expectFits(page, 'the application details dialog with its history');
          const addNote = details.getByRole('button', { name: 'Add Note' });
          if ((await addNote.getAttribute('aria-disabled')) !== 'true' && (await addNote.isEnabled())) {
            await addNote.click();
            await expectFits(page, 'the Add Note form');
          }
          await details.getByRole('button', { name: /Call the chairman about the phone check/ }).click();
          await expect(page.getByRole('dialog', { includeHidden: true })).toHaveCount(2);
          await checkOpenDialog(page, "a note's dialog");
          await page.keyboard.press('Escape');
          await expect(details).toBeHidden();
        }
        if (label === 'Privacy') {
          await panel.getByLabel('Email address').fill(email);
          const exportButton = panel.getByRole('button', { name: 'Export' });
          if ((await exportButton.getAttribute('aria-disabled')) !== 'true') {
            await exportButton.click();
            await expect(panel.getByText(email).first()).toBeVisible();
            await expectFits(page, 'the Privacy tab with an export shown');
          }
          const erase = panel.getByRole('button', { name: 'Erase' });
          if ((await erase.getAttribute('aria-disabled')) !== 'true') {
            await erase.click();
            const confirm = page.getByRole('alertdialog');
            await expect(confirm).toContainText('Erase personal data?');
            await expectFits(page, 'the erase confirmation');
            await confirm.getByRole('button', { name: 'Cancel' }).click();
            await expect(confirm).toBeHidden();
          } else {
            await expect(erase).toHaveAccessibleDescription('This action needs the admin role');
          }
        }
      }
      await shot(page, `18-admin-${viewport.width}-${role}`);
      await page.context().close();
    });
  }
