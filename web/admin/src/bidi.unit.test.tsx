import './test/setup';
import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactMessage, Partner, PartnerAction } from '@12yards/api';
import { mockApi, renderTab } from './test/render';
import { contractFixture, faqFixture, mediaFileFixture, newsArticle, shotFixture } from './test/fixtures';
import { ContactsTab } from './tabs/ContactsTab';
import { FaqsTab } from './tabs/FaqsTab';
import { GalleryTab } from './tabs/GalleryTab';
import { MediaTab } from './tabs/MediaTab';
import { NewsTab } from './tabs/NewsTab';
import { PartnersTab } from './tabs/PartnersTab';
import { TemplatesTab } from './tabs/TemplatesTab';

// U+202E RIGHT-TO-LEFT OVERRIDE: unisolated, it reverses the text after it up to the end of the paragraph
// ("· alex@fan.test · 5 Jan" would read backwards after a name that carries it).
const RLO = '\u202E';
const rtl = (text: string) => `${RLO}${text}`;

/**
 * Whether `value` sits in its own bidi isolate: a <bdi> (or an element with dir="auto", which isolates too) whose whole
 * text is exactly that value, so nothing of it leaks into the text around it.
 */
/** The tab listing `row` (read from `path`): in the row holding `text`, each of `values` is isolated. Returns unmount. */
async function rowIsolates(tab: ReactElement, path: string, row: object, text: RegExp, values: string[]) {
  mockApi({ [`GET ${path}`]: { body: [row] } });
  const rendered = renderTab(tab);
  const item = (await screen.findByText(text)).closest('li')!;
  for (const value of values) expectIsolated(item, value);
  return rendered.unmount;
}

function expectIsolated(container: HTMLElement, value: string) {
  const isolates = Array.from(container.querySelectorAll('bdi, [dir="auto"]'));
  expect(isolates.map((el) => el.textContent)).toContain(value);
}

describe('user text in the admin panel is bidi-isolated', () => {
  test('When a contact message carries U+202E, then its name, email, subject and message are each isolated', async () => {
    const m: ContactMessage = {
      id: 'm1',
      name: rtl('Alex Fan'),
      email: `${RLO}alex@fan.test`,
      subject: rtl('Season tickets'),
      message: rtl('How do I join?'),
      status: 'unread',
      createdAt: '2025-01-05T10:00:00.000Z',
    };
    mockApi({ 'GET /api/contacts': { body: [m] } });
    renderTab(<ContactsTab />);
    const card = (await screen.findByText(/Alex Fan/)).closest('li')!;
    for (const value of [m.name, m.email, m.subject, m.message]) expectIsolated(card, value);
    // The date after the name is outside every isolate.
    const line = within(card)
      .getByText(/Alex Fan/)
      .closest('p')!;
    expect(line.textContent).toMatch(/05\/01\/2025|5 Jan|Jan/);
    for (const el of Array.from(line.querySelectorAll('bdi, [dir="auto"]'))) {
      expect(el.textContent).not.toMatch(/2025/);
    }
  });

  describe('partners', () => {
    const club: Partner = {
      id: 'p1',
      name: rtl('Riverside FC'),
      type: 'club',
      email: `${RLO}club@riverside.test`,
      organization: rtl('Riverside Football Club'),
      position: rtl('Chairman'),
      webAddress: 'https://riverside.test',
      targetMembers: rtl('5000'),
      membershipType: 'paid',
      message: rtl('We want an app'),
      status: 'Pending',
      statusLocked: false,
      activeContracts: 0,
      createdAt: '2025-01-05T10:00:00.000Z',
    };
    const note: PartnerAction = {
      id: 'a1',
      partnerId: 'p1',
      actionText: rtl('Call the chairman'),
      dueDate: null,
      notes: rtl('Left a voicemail'),
      isCompleted: false,
      completedAt: null,
      createdAt: '2025-01-05T10:00:00.000Z',
      isOverdue: false,
    };
    const contract = contractFixture({
      companyName: rtl('Riverside Ltd'),
      registrationNumber: rtl('REG123'),
      companyAddress: rtl('1 River Road'),
      clientName: rtl('Sam Chair'),
      clientPosition: rtl('Chairman of the board'),
      platformName: rtl('Fan App'),
    });
    const api = () =>
      mockApi({
        'GET /api/partners': { body: [club] },
        'GET /api/admin/partner-action-counts': { body: [] },
        'GET /api/admin/partners/p1/actions': { body: [note] },
        'GET /api/admin/partners/p1/contracts': { body: [contract] },
      });

    test('When the list shows a partner, then its name, email and card details are isolated', async () => {
      api();
      renderTab(<PartnersTab />);
      const card = (await screen.findByText(/Riverside FC/)).closest('li')!;
      for (const value of [club.name, club.email, club.organization!, club.message!]) {
        expectIsolated(card, value);
      }
    });

    test('When the details dialog opens, then the title, every detail and each note are isolated', async () => {
      api();
      renderTab(<PartnersTab />);
      await userEvent.click(await screen.findByRole('button', { name: `View ${club.name}` }));
      const d = await screen.findByRole('dialog');
      await within(d).findByText(/Call the chairman/);
      for (const value of [
        club.name,
        club.email,
        club.organization!,
        club.position!,
        club.targetMembers!,
        club.message!,
        note.actionText,
      ]) {
        expectIsolated(d, value);
      }
      await userEvent.click(within(d).getByText(/Call the chairman/));
      const action = (await screen.findAllByRole('dialog')).at(-1)!;
      expectIsolated(action, note.actionText);
    });

    test('When Contract Management opens, then the partner name and the contract fields are isolated', async () => {
      api();
      renderTab(<PartnersTab />);
      await userEvent.click(await screen.findByRole('button', { name: `Contracts of ${club.name}` }));
      const d = await screen.findByRole('dialog');
      await within(d).findAllByText(/REG123/);
      for (const value of [
        club.name,
        contract.companyName,
        contract.registrationNumber,
        contract.companyAddress,
        contract.clientName,
        contract.clientPosition,
        contract.platformName,
      ]) {
        expectIsolated(d, value);
      }
      await userEvent.click(
        within(d).getByRole('button', { name: `Delete contract of ${contract.companyName}` }),
      );
      expectIsolated(await screen.findByRole('alertdialog'), contract.companyName);
    });
  });

  test('When news, FAQs, gallery items, media files and templates carry U+202E, then their texts are isolated', async () => {
    const article = newsArticle({ title: rtl('Launch day'), excerpt: rtl('The app is live') });

    mockApi({ 'GET /api/admin/news': { body: [article] } });
    const news = renderTab(<NewsTab />);
    const item = (await screen.findByText(/Launch day/)).closest('li')!;
    expectIsolated(item, article.title);
    expectIsolated(item, article.excerpt);
    await userEvent.click(within(item).getByRole('button', { name: /Delete news article/ }));
    expectIsolated(await screen.findByRole('alertdialog'), article.title);
    news.unmount();

    const faq = faqFixture({ question: rtl('How do I join?'), answer: rtl('Download the app') });
    (await rowIsolates(<FaqsTab />, '/api/admin/faqs', faq, /How do I join\?/, [faq.question, faq.answer]))();
    const shot = shotFixture({ description: rtl('Home screen'), platformName: rtl('iOS') });
    (
      await rowIsolates(<GalleryTab />, '/api/admin/app-gallery', shot, /Home screen/, [
        shot.description,
        shot.platformName,
      ])
    )();
    const file = mediaFileFixture({ originalName: rtl('gnp.exe'), altText: null });
    (await rowIsolates(<MediaTab />, '/api/admin/media', file, /gnp\.exe/, [file.originalName]))();
    const template = {
      id: 't1',
      name: rtl('Standard'),
      fileUrl: '/api/admin/contract-templates/t1/file',
      fileName: rtl('xcod.tcartnoc'),
      validFromDate: '2025-01-01',
      createdAt: '2025-01-05T10:00:00.000Z',
    };
    await rowIsolates(<TemplatesTab />, '/api/admin/contract-templates', template, /Standard/, [
      template.name,
      template.fileName,
    ]);
  });
});
