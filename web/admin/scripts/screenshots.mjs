#!/usr/bin/env node
/* global location -- used inside page.waitForFunction, which runs in the browser */
// Seeds a running 12Yards (npm start) with sample data through the API, signs in through the shell's
// /admin-login in Debian's chromium and takes a screenshot of every admin tab and the main dialogs.
//   BASE_URL=http://127.0.0.1:8080 ADMIN_USERNAME=admin ADMIN_PASSWORD=... npx tsx web/admin/scripts/screenshots.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import { chromiumLaunchOptions } from '../../../e2e/support/chromium.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const USER = process.env.ADMIN_USERNAME ?? 'admin';
const PASS = process.env.ADMIN_PASSWORD;
const OUT = join(root, 'e2e/screenshots/admin');
if (!PASS) throw new Error('Set ADMIN_PASSWORD');

// ---------- a tiny API client with the session cookie and CSRF token ----------
let cookie = '';
let csrf = '';
async function api(method, path, body, { form } = {}) {
  const headers = { cookie };
  if (csrf) headers['X-CSRF-Token'] = csrf;
  // As the admin app in a browser shows its writes are same-origin (the gateway refuses a cookie write without it).
  headers['Sec-Fetch-Site'] = 'same-origin';
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const res = await fetch(BASE + path, {
    method,
    headers,
    body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });
  const set = res.headers.getSetCookie?.() ?? [];
  if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function image(label, colour, width = 720, height = 1280) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#0b1324"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="50%" y="45%" font-family="sans-serif" font-size="${Math.round(width / 9)}" fill="white" text-anchor="middle" font-weight="bold">12Yards</text>
    <text x="50%" y="55%" font-family="sans-serif" font-size="${Math.round(width / 16)}" fill="white" text-anchor="middle">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function uploadImage(path, name, colour, w, h) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([await image(name.replace(/\.png$/, ''), colour, w, h)], { type: 'image/png' }),
    name,
  );
  return api('POST', path, undefined, { form });
}

const daysFromNow = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function seed() {
  await api('POST', '/api/auth/login', { username: USER, password: PASS });
  csrf = (await api('GET', '/api/auth/me')).csrfToken;
  if ((await api('GET', '/api/admin/news')).length > 0) {
    console.log('data already seeded');
    return;
  }
  // News
  const cover = await uploadImage('/api/upload', 'matchday.png', '#047857', 1200, 630);
  await api('POST', '/api/news', {
    title: '12Yards launches on iOS and Android',
    excerpt: 'Fans can now predict, vote and win rewards with their club in one app.',
    content: 'After months of testing with partner clubs, the 12Yards app is live.',
    category: 'announcement',
    imageUrl: cover.url,
    featured: true,
    published: true,
  });
  await api('POST', '/api/news', {
    title: 'Matchday polls get live results',
    excerpt: 'Poll results now update as fans vote during the match.',
    content: 'Live results arrive within a second of each vote.',
    category: 'update',
    featured: false,
    published: true,
  });
  await api('POST', '/api/news', {
    title: 'Auctions: signed shirts coming soon',
    excerpt: 'A draft about the first auctions with partner clubs.',
    content: 'Draft text.',
    category: 'feature',
    featured: false,
    published: false,
  });
  // Partners, notes and a contract
  const club = await api('POST', '/api/partners', {
    name: 'Sam Porter',
    email: 'sam.porter@riversidefc.co.uk',
    type: 'club',
    organization: 'Riverside FC',
    position: 'Commercial Director',
    webAddress: 'https://riversidefc.co.uk',
    targetMembers: '5000',
    membershipType: 'paid',
    message: 'We want a members app for our supporters before the new season.',
  });
  const influencer = await api('POST', '/api/partners', {
    name: 'Jo Striker',
    email: 'jo@strikerstalk.com',
    type: 'influencer',
    knownAs: 'Strikers Talk',
    twitterAccount: '@strikerstalk',
    instagramAccount: 'strikers.talk',
    tiktokAccount: '@strikerstalk',
    totalFollowers: '250,000',
    message: 'My audience loves predictions and quizzes.',
  });
  await api('POST', '/api/admin/partners', {
    name: 'Northgate United',
    email: 'info@northgate.example',
    type: 'club',
    organization: 'Northgate United',
  });
  await api('POST', `/api/admin/partners/${club.id}/actions`, {
    actionText: 'Send the membership pricing proposal',
    dueDate: daysFromNow(-3),
  });
  await api('POST', `/api/admin/partners/${club.id}/actions`, {
    actionText: 'Book a demo with the board',
    dueDate: daysFromNow(7),
  });
  const done = await api('POST', `/api/admin/partners/${club.id}/actions`, {
    actionText: 'Intro call with the commercial team',
  });
  await api('PUT', `/api/admin/partners/${club.id}/actions/${done.id}`, {
    notes: 'Keen on auctions and polls.',
    isCompleted: true,
  });
  await api('PUT', `/api/admin/partners/${club.id}/status`, { status: 'In Progress' });
  await api('POST', '/api/admin/contracts', {
    partnerId: influencer.id,
    companyName: 'Strikers Talk Media Ltd',
    registrationNumber: '12345678',
    companyAddress: '10 Downing Lane, London, EC1A 1AA',
    clientName: 'Jo Striker',
    clientEmail: 'jo@strikerstalk.com',
    clientTelephone: '+44 20 7946 0958',
    clientPosition: 'Director',
    startDate: daysFromNow(0),
    endDate: daysFromNow(364),
    lengthMonths: 12,
    platformName: '12Yards',
    revenueSharePercent: 25,
    pollsPerMonth: 8,
    auctionsPerMonth: 2,
    articlesPerWeek: 3,
    quizPerMonth: 4,
    setupFee: '£500',
    penaltyFeePerMonth: '£100',
  });
  // Contact messages
  const m1 = await api('POST', '/api/contacts', {
    name: 'Alex Fan',
    email: 'alex@example.com',
    subject: 'Season ticket holders',
    message: 'Do season ticket holders get extra points?',
  });
  await api('POST', '/api/contacts', {
    name: 'Priya Shah',
    email: 'priya@example.com',
    subject: 'Partnership question',
    message: 'Can a women’s team join as a club partner?',
  });
  const m3 = await api('POST', '/api/contacts', {
    name: 'Tom Reid',
    email: 'tom@example.com',
    subject: 'Android login',
    message: 'The Android app asks me to sign in twice.',
  });
  await api('PUT', `/api/admin/contacts/${m1.id}`, { status: 'read' });
  await api('PUT', `/api/admin/contacts/${m3.id}`, { status: 'responded' });
  // FAQs
  await api('POST', '/api/admin/faqs', {
    question: 'Is 12Yards free for fans?',
    answer: 'Yes. Clubs can add a paid membership tier.',
    isActive: true,
    sortOrder: 1,
  });
  await api('POST', '/api/admin/faqs', {
    question: 'How long does a launch take?',
    answer: 'Two to three weeks from signing.',
    isActive: true,
    sortOrder: 2,
  });
  await api('POST', '/api/admin/faqs', {
    question: 'Can we use our own branding?',
    answer: 'Draft answer.',
    isActive: false,
    sortOrder: 3,
  });
  // Media library
  for (const [name, colour] of [
    ['stadium.png', '#0f766e'],
    ['crest.png', '#b45309'],
  ]) {
    const up = await uploadImage('/api/admin/upload', name, colour, 800, 600);
    await api('POST', '/api/admin/media', {
      filename: up.filename,
      originalName: up.originalName,
      mimeType: up.mimeType,
      size: up.size,
      url: up.url,
      altText: name,
    });
  }
  // App gallery
  let order = 1;
  for (const [name, colour, platform] of [
    ['Predictions', '#047857', 'iOS'],
    ['Auctions', '#7c3aed', 'Android'],
    ['Leaderboard', '#b45309', 'Web'],
  ]) {
    const up = await uploadImage('/api/admin/upload', `${name}.png`, colour, 720, 1280);
    await api('POST', '/api/admin/app-gallery', {
      imageUrl: up.url,
      description: `${name} screen`,
      platformName: platform,
      sortOrder: order++,
      isActive: true,
    });
  }
  // Service status: one issue
  const statuses = await api('GET', '/api/service-status');
  if (statuses[3]) await api('PUT', `/api/admin/service-status/${statuses[3].id}`, { status: 'issue' });
  // Contract template
  const form = new FormData();
  form.append('name', 'Standard partner contract');
  form.append('validFromDate', daysFromNow(-30));
  form.append(
    'file',
    new Blob([readFileSync(join(root, 'services/contracts/assets/default-contract.docx'))]),
    'standard-partner-contract.docx',
  );
  await api('POST', '/api/admin/contract-templates', undefined, { form });
  await api('PUT', '/api/admin/settings/show_app_gallery', {
    value: 'true',
    description: 'Controls whether the App Gallery button appears on the main site',
  });
  console.log('seeded');
}

async function shoot() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // Without a session the panel sends the visitor to /admin-login; after logging in the panel opens.
  await page.goto(`${BASE}/admin12YardsDB?tab=partners`);
  await page.waitForURL('**/admin-login');
  await page.getByLabel('Username').fill(USER);
  await page.getByLabel('Password').fill(PASS);
  await page.getByRole('button', { name: /login/i }).click();
  await page.waitForURL('**/admin12YardsDB**');
  await page.getByRole('tab', { name: 'News' }).waitFor();
  const robots = await page
    .locator('meta[name="robots"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('content')));
  console.log(`title: ${await page.title()}; robots: ${robots.join(' | ')}`);
  const shots = [];
  const axeFindings = [];
  const save = async (name) => {
    const path = join(OUT, `${name}.png`);
    await page.screenshot({ path, fullPage: true });
    shots.push(path);
    // WCAG 2 A/AA checks of what is on screen.
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    for (const v of violations)
      axeFindings.push(`${name}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
  };
  const closeDialogs = async () => {
    for (let i = 0; i < 5 && (await page.getByRole('dialog').count()); i++) {
      await page.getByRole('dialog').last().getByRole('button', { name: 'Close' }).last().click();
      await page.waitForTimeout(300);
    }
  };
  // Each tab as its value in ?tab= and its label.
  const tabs = Object.entries({
    news: 'News',
    partners: 'Applications',
    contacts: 'Messages',
    faqs: 'FAQs',
    media: 'Media',
    'app-gallery': 'App Gallery',
    status: 'Service Status',
    templates: 'Templates',
    settings: 'Settings',
  });
  for (const [i, [tab, label]] of tabs.entries()) {
    await page.getByRole('tab', { name: label }).click();
    if (i > 0) await page.waitForFunction((t) => location.search.includes(`tab=${t}`), tab);
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.waitForTimeout(600);
    await save(`${String(i + 1).padStart(2, '0')}-${tab}`);
  }
  // Dialogs
  await page.getByRole('tab', { name: 'News' }).click();
  await page.getByRole('button', { name: /Edit 12Yards launches/ }).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(500);
  await save('10-news-edit-dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Applications' }).click();
  await page.getByRole('button', { name: 'View Sam Porter' }).click();
  await page.getByRole('dialog').getByText('Send the membership pricing proposal').waitFor();
  await page.waitForTimeout(300);
  await save('11-partner-details-dialog');
  await page.getByRole('dialog').getByText('Send the membership pricing proposal').click();
  await page.getByText('Action Details').waitFor();
  await page.waitForTimeout(300);
  await save('12-action-details-dialog');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'View Jo Striker' }).click();
  await page
    .getByRole('dialog')
    .getByText(/active contracts/)
    .waitFor();
  await save('13-partner-locked-status');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Contracts of Jo Striker' }).click();
  await page.getByRole('dialog').getByText('12345678').waitFor();
  await page.waitForTimeout(300);
  await save('14-contract-management-dialog');
  await page.getByRole('button', { name: /Edit contract of/ }).click();
  await page.getByText('Update Contract').waitFor();
  await page.waitForTimeout(300);
  await save('15-contract-edit-dialog');
  await page.keyboard.press('Escape');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /Generate document/ }).click(),
  ]);
  console.log('generated document saved as', download.suggestedFilename());
  await page.waitForTimeout(800);
  await save('16-contract-generated-toast');
  await closeDialogs();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('button', { name: /Upload Contract/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('dialog').getByLabel(/^Name/).fill('Another template');
  await page
    .getByRole('dialog')
    .getByLabel(/^Valid From/)
    .fill('2026-01-01');
  await page.getByRole('dialog').getByRole('button', { name: 'Upload' }).click();
  await page.getByText('Please select a file').first().waitFor();
  await save('17-template-upload-no-file');
  await closeDialogs();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Applications' }).click();
  await page.waitForTimeout(500);
  await save('18-partners-390px');
  await browser.close();
  console.log(shots.join('\n'));
  console.log(axeFindings.length ? `axe:\n${axeFindings.join('\n')}` : 'axe: no WCAG 2 A/AA violations');
  if (errors.length) console.log('browser errors:\n' + errors.join('\n'));
}

await seed();
await shoot();
