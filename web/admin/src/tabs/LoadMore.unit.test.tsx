import '../test/setup';
import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderTab } from '../test/render';
import { newsArticle } from '../test/fixtures';
import { ContactsTab } from './ContactsTab';
import { NewsTab } from './NewsTab';
import { PartnersTab } from './PartnersTab';

// Rendering 45 cards three times in jsdom takes a few seconds on a busy machine.
jest.setTimeout(30_000);

const article = (i: number) => newsArticle({ id: `n${i}`, title: `Story ${i}`, excerpt: 'An excerpt' });
const partner = (i: number) => ({
  id: `p${i}`,
  name: `Person ${i}`,
  type: 'club',
  email: `p${i}@club.test`,
  organization: `Club ${i}`,
  status: 'Pending',
  statusLocked: false,
  activeContracts: 0,
  createdAt: '2025-01-05T10:00:00.000Z',
});
const message = (i: number) => ({
  id: `m${i}`,
  name: `Sender ${i}`,
  email: `s${i}@fan.test`,
  subject: `Question ${i}`,
  message: 'Hello',
  status: 'unread',
  createdAt: '2025-01-05T10:00:00.000Z',
});

/** A list of `total` rows answered 20 at a time, the next page named by a Link header as the API does. */
function pagedAnswer<T>(path: string, total: number, row: (i: number) => T) {
  return ({ url }: { url: string }) => {
    const cursor = new URL(url, 'http://x').searchParams.get('cursor');
    const start = cursor ? Number(cursor.slice(1)) : 0;
    const end = Math.min(total, start + 20);
    const body = Array.from({ length: end - start }, (_, k) => row(start + k));
    const headers: Record<string, string> =
      end < total ? { Link: `<${path}?cursor=c${end}>; rel="next"` } : {};
    return { body, headers };
  };
}

describe.each<[string, string, () => ReactElement, (i: number) => unknown, string, Record<string, unknown>]>([
  ['News', '/api/admin/news', () => <NewsTab />, article, 'Story', {}],
  [
    'Applications',
    '/api/partners',
    () => <PartnersTab />,
    partner,
    'Person',
    { 'GET /api/admin/partner-action-counts': { body: [] } },
  ],
  ['Messages', '/api/contacts', () => <ContactsTab />, message, 'Question', {}],
])('%s tab pages', (_name, path, ui, row, label, extra) => {
  test('When the list has 45 rows, then 20 show, Load more adds the next 20, then the last 5, then the button goes', async () => {
    const api = mockApi({ [`GET ${path}`]: pagedAnswer(path, 45, row), ...(extra as object) });
    renderTab(ui());
    expect(await screen.findByText(`${label} 0`)).toBeInTheDocument();
    expect(screen.getByText(`${label} 19`)).toBeInTheDocument();
    expect(screen.queryByText(`${label} 20`)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(`${label} 39`)).toBeInTheDocument();
    expect(screen.getByText(`${label} 0`)).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === `${path}?cursor=c20`)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(`${label} 44`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
    expect(screen.getAllByText(new RegExp(`^${label} \\d+$`))).toHaveLength(45);
  });

  test('When the list fits one page, then there is no Load more button', async () => {
    mockApi({ [`GET ${path}`]: pagedAnswer(path, 3, row), ...(extra as object) });
    renderTab(ui());
    expect(await screen.findByText(`${label} 2`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe.each([
  ['Applications', '/api/partners', () => <PartnersTab />, partner, 'Person', 'Search applications'],
  ['Messages', '/api/contacts', () => <ContactsTab />, message, 'Question', 'Search messages'],
] as const)('%s tab search', (_name, path, ui, row, label, box) => {
  test('When the admin types in the search box, then the server is asked with q and only its answer shows', async () => {
    const api = mockApi({
      [`GET ${path}`]: ({ url }: { url: string }) => {
        const q = new URL(url, 'http://x').searchParams.get('q');
        return { body: q ? [row(7)] : [row(1), row(2)] };
      },
      'GET /api/admin/partner-action-counts': { body: [] },
    });
    renderTab(ui());
    expect(await screen.findByText(`${label} 1`)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: box }), 'needle 7');
    expect(await screen.findByText(`${label} 7`)).toBeInTheDocument();
    expect(screen.queryByText(`${label} 1`)).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.url === `${path}?q=needle+7`)).toBe(true);

    await userEvent.clear(screen.getByRole('searchbox', { name: box }));
    expect(await screen.findByText(`${label} 2`)).toBeInTheDocument();
  });
});
