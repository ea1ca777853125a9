import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  test as base,
  expect,
  request,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

export { expect };

export const ADMIN_PATH = '/admin12YardsDB';
export const admin = {
  username: process.env.E2E_ADMIN_USERNAME ?? '',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
};
const baseURL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite with `node e2e/run.mjs`');
  return url;
};

const SCREENSHOTS = join(__dirname, '..', 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

/** What a returning visitor has stored after choosing Reject All: the cookie banner stays closed. */
export async function storeConsent(context: BrowserContext) {
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('cookie-consent')) {
      window.localStorage.setItem(
        'cookie-consent',
        JSON.stringify({
          necessary: true,
          analytics: false,
          marketing: false,
          functional: false,
          timestamp: new Date().toISOString(),
        }),
      );
    }
  });
}

/** Logs in through the gateway's API (no browser) and returns the storage state with the session cookie. */
async function adminStorageState() {
  const api = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
  const res = await api.post('/api/auth/login', { data: admin });
  if (!res.ok()) throw new Error(`admin login failed: ${res.status()} ${await res.text()}`);
  const state = await api.storageState();
  await api.dispose();
  return state;
}

/** A new browser window signed in as the admin (its own context: its own cookies, storage and toasts). */
export async function openAdmin(
  browser: Browser,
  state: Awaited<ReturnType<typeof adminStorageState>>,
  tab?: string,
) {
  const context = await browser.newContext({ baseURL: baseURL(), storageState: state });
  await storeConsent(context);
  const page = await context.newPage();
  await page.goto(tab ? `${ADMIN_PATH}?tab=${tab}` : ADMIN_PATH);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  return page;
}

/**
 * Waits until a server-rendered page is ready for a visitor: React has hydrated it (the shell marks `<html
 * data-hydrated>`), or, on the home page, the page waits for the visitor to act before starting its app (`<html
 * data-start="on-intent">`: a click then starts it and is made again once the page has hydrated). Before either,
 * its HTML is complete but inert, and a click would be lost. Pages the server did not render need no wait.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      !document.getElementById('page-state') ||
      document.documentElement.dataset.hydrated === 'true' ||
      document.documentElement.dataset.start === 'on-intent',
  );
}

interface Fixtures {
  /** Whether the visitor has already answered the cookie banner (true unless a journey is about the banner). */
  consent: boolean;
  /** The admin's window, signed in, on the panel. */
  adminPage: Page;
  /** Saves a screenshot of the journey's end state as e2e/screenshots/NAME.png. */
  shot: (page: Page, name: string, options?: { fullPage?: boolean }) => Promise<void>;
}

interface WorkerFixtures {
  adminState: Awaited<ReturnType<typeof adminStorageState>>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // Every navigation of a visitor's page ends once the page is interactive, as a person would wait for it.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },
  consent: [true, { option: true }],
  context: async ({ context, consent }, use) => {
    if (consent) await storeConsent(context);
    await use(context);
  },
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  adminState: [async ({}, use) => use(await adminStorageState()), { scope: 'worker' }],
  adminPage: async ({ browser, adminState }, use) => {
    const page = await openAdmin(browser, adminState);
    await use(page);
    await page.context().close();
  },
  // eslint-disable-next-line no-empty-pattern
  shot: async ({}, use) => {
    await use(async (page, name, options) => {
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: options?.fullPage ?? false });
    });
  },
});

/**
 * The toast (notification) that shows TITLE, in the page's notifications region. Hidden elements are included:
 * while a modal dialog is open, Radix marks the rest of the page (the toast viewport too) aria-hidden, and screen
 * readers hear the toast through Radix's own live region instead.
 */
export function toast(page: Page, title: string | RegExp): Locator {
  return page
    .getByRole('region', { name: /Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });
}

/** Opens an admin tab by its label and waits until it has finished loading. */
export async function openTab(page: Page, label: string) {
  await page.getByRole('tab', { name: label, exact: true }).click();
  await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
}

/** A dialog by its title. */
export function dialog(page: Page, title: string | RegExp): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Closes a dialog with its Close (X) button. (Escape first dismisses a toast on screen, as Radix layers them.) */
export async function closeDialog(d: Locator) {
  await d.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(d).toBeHidden();
}

/** Chooses OPTION in the Radix select labelled LABEL (inside SCOPE). */
export async function choose(scope: Page | Locator, label: string | RegExp, option: string) {
  const page = 'page' in scope ? scope.page() : scope;
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A short unique suffix so that a journey finds its own records among earlier ones. */
export const unique = () => Math.random().toString(36).slice(2, 8);
