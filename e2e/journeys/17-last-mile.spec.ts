import type { BrowserContext, Locator, Page } from '@playwright/test';
import { admin, dialog, expect, test, toast, unique } from '../support/fixtures';

// Issue 28: the public site on a phone, with the keyboard only and without JavaScript.

const PHONE = { width: 390, height: 844 };
/** The sticky header's height (h-16). */
const HEADER_PX = 64;

/** Writes through the API as the admin panel does (news, FAQs), for the pages to show. */
async function asAdmin(context: BrowserContext, baseURL: string) {
  const login = await context.request.post('/api/auth/login', { data: admin, headers: { Origin: baseURL } });
  expect(login.status()).toBe(200);
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  return async (path: string, data: object) => {
    const res = await context.request.post(path, {
      data,
      headers: { 'X-CSRF-Token': csrfToken, Origin: baseURL },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
}

/** Waits until the page has stopped scrolling (a smooth scroll has ended). */
async function scrollSettled(page: Page) {
  let last = -1;
  await expect(async () => {
    const y = await page.evaluate(() => window.scrollY);
    const settled = y === last;
    last = y;
    expect(settled).toBe(true);
  }).toPass({ intervals: [150] });
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

let tag: string;
let faqs: Array<{ question: string; answer: string }>;

test.beforeAll(async ({ browser, baseURL }) => {
  tag = unique();
  const context = await browser.newContext({ baseURL });
  const post = await asAdmin(context, baseURL!);
  faqs = [
    { question: `Which clubs can join ${tag}?`, answer: `Any club, from grassroots up ${tag}.` },
    { question: `What does it cost ${tag}?`, answer: `Nothing to start ${tag}.` },
  ];
  for (const [i, f] of faqs.entries())
    await post('/api/admin/faqs', { ...f, isActive: true, sortOrder: -100 + i });
  await post('/api/news', {
    title: `Derby report ${tag}`,
    excerpt: 'The derby.',
    content: 'Report.',
    category: 'match-report',
    imageUrl: 'https://images.example/derby.jpg',
    published: true,
  });
  await post('/api/news', {
    title: `Striker signs ${tag}`,
    excerpt: 'A transfer.',
    content: 'Report.',
    category: 'transfer-news',
    published: true,
  });
  await context.close();
});

test.describe('On a 390 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('When a visitor chooses a section in the phone menu, then the section heading lands just below the sticky header, and Escape closes the menu', async ({
    page,
    shot,
  }) => {
    await page.goto('/');
    const menu = page.locator('#mobile-menu');
    const sections = [
      ['How it Works', 'how-it-works'],
      ['Features', 'features'],
      ['Benefits', 'benefits'],
      ['News', 'news'],
      ['Partners', 'partners'],
    ] as const;
    for (const [item, id] of sections) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByText(item, { exact: true }).click();
      await expect(menu).toBeHidden();
      await scrollSettled(page);
      const heading = page.locator(`#${id}-heading`);
      const top = (await box(heading)).y;
      expect(top, `${item}: the heading's top`).toBeGreaterThanOrEqual(HEADER_PX);
      expect(top, `${item}: the heading's top`).toBeLessThan(HEADER_PX + 200);
    }
    await shot(page, '17-phone-menu-section');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('When the influencer form is sent empty on a phone, then every error shows at once and the toast covers nothing of the dialog; Escape closes the dialog', async ({
    page,
  }) => {
    await page.goto('/');
    await page.locator('#partners').getByRole('button', { name: 'Apply as an Influencer' }).click();
    const form = dialog(page, 'Influencer Partnership Application');
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Submit Application' }).click();
    const invalid = toast(page, 'Validation Error');
    await expect(invalid).toBeVisible();
    // One round shows them all: the required fields and the social media rule.
    await expect(form.getByText('Please provide at least one social media account.')).toBeVisible();
    await expect(form.getByRole('textbox', { name: /Full Name/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('textbox', { name: /Tell us more/ })).toHaveAttribute('aria-invalid', 'true');
    // Let the dialog settle where it stays while the toast shows.
    await page.waitForTimeout(300);
    expect(overlaps(await box(invalid), await box(form))).toBe(false);
    await expect(form.getByRole('heading', { name: 'Influencer Partnership Application' })).toBeInViewport();

    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
  });

  test('When the cookie banner shows on a phone without JavaScript, then it covers at most a quarter of the screen and Reject All dismisses it', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'We use cookies' });
    await expect(banner).toBeVisible();
    expect((await box(banner)).height).toBeLessThanOrEqual(PHONE.height / 4);
    await banner.getByRole('button', { name: 'Reject All' }).click();
    await expect(banner).toBeHidden();
    await context.close();
  });
});

test.describe('The cookie banner and the keyboard', () => {
  test.use({ consent: false });

  for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
    test(`When a keyboard user tabs through / at ${viewport.width} px with the banner shown, then the banner comes first and no focused element is under it`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'We use cookies' });
      await expect(banner).toBeVisible();
      await page.keyboard.press('Tab');
      expect(await banner.evaluate((b) => b.contains(document.activeElement))).toBe(true);

      const hidden: string[] = [];
      let stops = 0;
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab');
        const where = await page.evaluate(() => {
          const el = document.activeElement;
          const bannerEl = document.getElementById('cookie-banner');
          if (!el || el === document.body || !bannerEl) return null;
          if (bannerEl.contains(el)) return { inBanner: true, label: '', covered: false };
          const r = el.getBoundingClientRect();
          const b = bannerEl.getBoundingClientRect();
          const covered = r.bottom > b.top + 1 && r.top < window.innerHeight;
          return {
            inBanner: false,
            label: (el.textContent || el.getAttribute('aria-label') || el.tagName).trim(),
            covered,
          };
        });
        if (!where) break;
        if (where.inBanner) {
          if (stops > 0) break; // round again to the banner: every stop of the page was visited
          continue;
        }
        stops++;
        if (where.covered) hidden.push(where.label.slice(0, 40));
      }
      expect(stops).toBeGreaterThan(20);
      expect(hidden).toEqual([]);
    });
  }
});

test('When the contact form fails, then the error toast covers nothing of the dialog, and Escape closes the dialog', async ({
  page,
}) => {
  await page.route('**/api/contacts', (route) => route.abort());
  await page.goto('/');
  await page.locator('#partners').getByRole('button', { name: 'Talk to Us' }).click();
  const contact = dialog(page, 'Get in Touch');
  await expect(contact).toBeVisible();
  await contact.getByRole('textbox', { name: /Name/ }).fill('Sam Keeper');
  await contact.getByRole('textbox', { name: /Email/ }).fill('sam@example.com');
  await contact.getByRole('textbox', { name: /Subject/ }).fill('Hello');
  await contact.getByRole('textbox', { name: /Message/ }).fill('A question.');
  await contact.getByRole('button', { name: 'Send Message' }).click();
  const failed = toast(page, 'Error');
  await expect(failed).toBeVisible();
  await page.waitForTimeout(300);
  expect(overlaps(await box(failed), await box(contact))).toBe(false);
  await expect(contact.getByRole('button', { name: 'Send Message' })).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(contact).toBeHidden();
});

test('When a visitor follows a link to /#contact, then the contact dialog opens', async ({ page }) => {
  await page.goto('/#contact');
  await expect(dialog(page, 'Get in Touch')).toBeVisible();
});

test('When the first thing a visitor does on / is a click on a button, before the page has started its app, then the click is not lost', async ({
  page,
}) => {
  await page.goto('/');
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  // A bare click event (no pointer moving, touching or scrolling first): it alone starts the app and is made again.
  await page.locator('#partners').getByRole('button', { name: 'Talk to Us' }).dispatchEvent('click');
  await expect(dialog(page, 'Get in Touch')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
});

test('When FAQs are opened, then one answer shows at a time', async ({ page }) => {
  await page.goto('/');
  const [first, second] = faqs.map((f) => page.locator('#faq details', { hasText: f.question }));
  await first!.locator('summary').click();
  await expect(first!.getByText(faqs[0]!.answer)).toBeVisible();
  await second!.locator('summary').click();
  await expect(second!.getByText(faqs[1]!.answer)).toBeVisible();
  await expect(first!.getByText(faqs[0]!.answer)).toBeHidden();
});

test('When / or a legal page loads, then / starts React only once the visitor acts, the sections without a script stay the server HTML (React never hydrates them) and their code is not fetched; the interactive ones below the fold hydrate when they come near', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  /** Whether React hydrated the element (it keeps its fiber on the DOM node). */
  const hydrated = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')));

  await page.goto('/');
  // Until the visitor acts, the page is the server's HTML: React is neither fetched nor started.
  await page.waitForLoadState('networkidle');
  expect(await hydrated('h1')).toBe(false);
  expect(scripts.filter((s) => /\/(main|jsx-runtime)-/.test(s))).toEqual([]);
  // A pointer over the page starts the app: the hero is interactive (its buttons).
  await page.mouse.move(200, 300);
  await expect.poll(() => hydrated('h1')).toBe(true);
  // The interactive sections below the fold (news, partner cards, showcase) and the footer are islands: still the
  // server's HTML, their code not fetched, until they come near the viewport.
  expect(await hydrated('#partners button')).toBe(false);
  expect(await hydrated('footer a')).toBe(false);
  expect(scripts.filter((s) => /\/(NewsSection|PartnersSection|PartnerShowcase|Footer)-/.test(s))).toEqual(
    [],
  );
  await page.locator('#partners').scrollIntoViewIfNeeded();
  await expect.poll(() => hydrated('#partners button')).toBe(true);
  expect(scripts.filter((s) => /\/PartnersSection-/.test(s))).toHaveLength(1);
  for (const id of ['how-it-works', 'features', 'benefits', 'faq']) {
    await expect(page.locator(`#${id} h2`)).toBeVisible();
    expect(await hydrated(`#${id}`), id).toBe(false);
    expect(await hydrated(`#${id} h2`), id).toBe(false);
  }
  await page.locator('#faq summary').first().click(); // the answers still open: <details>, no script
  await expect(page.locator('#faq details[open]')).toHaveCount(1);

  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  expect(await hydrated('h1')).toBe(false);
  expect(
    scripts.filter((s) => /\/(HowItWorks|Features|Benefits|FaqSection|PrivacyPolicyPage)-/.test(s)),
  ).toEqual([]);

  // Arriving from another page, the browser renders them itself: Privacy Policy -> / shows every section.
  await page.getByRole('link', { name: 'Features' }).first().click();
  await expect(page.locator('#features h2')).toBeInViewport();
});

test('When an article with an image is read, then its image has a text alternative', async ({ page }) => {
  await page.goto('/news');
  await page.getByRole('button', { name: `Read More: Derby report ${tag}` }).click();
  const read = dialog(page, `Derby report ${tag}`);
  await expect(read.getByRole('img', { name: `Derby report ${tag}` })).toBeAttached();
});

test.describe('Without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('When a visitor without JavaScript reads the home page, then the FAQ answers open and the section links work', async ({
    page,
  }) => {
    await page.goto('/');
    const question = page.locator('#faq details', { hasText: faqs[0]!.question });
    await expect(question.getByText(faqs[0]!.answer)).toBeHidden();
    await question.locator('summary').click();
    await expect(question.getByText(faqs[0]!.answer)).toBeVisible();

    const banner = page.getByRole('region', { name: 'We use cookies' });
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toBeHidden();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Help Centre' }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    await expect(page.locator('#faq-heading')).toBeInViewport();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect(page.locator('#features-heading')).toBeInViewport();
  });

  test('When a visitor without JavaScript filters /news by category, then the server lists that category', async ({
    page,
  }) => {
    await page.goto('/news');
    const category = page.getByRole('combobox', { name: 'Category' });
    await expect(category).toHaveValue('all');
    await expect(category.locator('option:checked')).toHaveText('All Categories');
    await category.selectOption({ label: 'Match Report' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/\/news\?category=match-report$/);
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('match-report');
    const list = page.getByRole('list', { name: 'Articles' });
    await expect(list.getByRole('heading', { name: `Derby report ${tag}` })).toBeVisible();
    await expect(list.getByRole('heading', { name: `Striker signs ${tag}` })).toHaveCount(0);
  });

  test('When a visitor without JavaScript signs in to the partner console, then nothing goes into the address and the page says no account exists', async ({
    page,
  }) => {
    await page.goto('/partner-console');
    await page.getByLabel('Email').fill('partner@example.com');
    await page.getByLabel('Password').fill('s3cret-Passw0rd');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Account does not exist, please check your details.');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/partner-console');
    expect(url.search).not.toMatch(/password|email|s3cret|partner%40/i);
  });
});
