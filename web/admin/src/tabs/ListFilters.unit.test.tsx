import '../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderTab, type Call } from '../test/render';
import { partnerList } from '../test/fixtures';
import { ContactsTab } from './ContactsTab';
import { NewsTab } from './NewsTab';
import { PartnersTab } from './PartnersTab';

jest.setTimeout(30_000);

const article = (title: string, category = 'general') => ({
  id: title,
  title,
  excerpt: 'An excerpt',
  content: 'Full story',
  category,
  imageUrl: null,
  publishDate: '2025-01-05T10:00:00.000Z',
  featured: false,
  published: true,
  createdAt: '2025-01-05T10:00:00.000Z',
});
const partner = (name: string, status = 'Pending', type = 'club') => ({
  id: name,
  name,
  type,
  email: `${name.replace(/\s/g, '')}@club.test`,
  organization: 'A club',
  status,
  statusLocked: false,
  activeContracts: 0,
  createdAt: '2025-01-05T10:00:00.000Z',
});
const message = (subject: string, status = 'unread') => ({
  id: subject,
  name: 'A fan',
  email: 'fan@fan.test',
  subject,
  message: 'Hello',
  status,
  createdAt: '2025-01-05T10:00:00.000Z',
});

const paramsOf = (c: Call) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);
const listCalls = (calls: Call[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === path).map(paramsOf);

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('News tab search and category filter', () => {
  /** A server that filters by the parameters it is given and pages by 2 with a Link header. */
  const rows = [
    article('Cup final report', 'match-report'),
    article('Transfer window opens', 'transfer-news'),
    article('League report', 'match-report'),
    article('Season opener report', 'match-report'),
    article('App update', 'update'),
  ];
  const server = ({ url }: { url: string }) => {
    const p = new URL(url, 'http://x').searchParams;
    const hits = rows.filter(
      (a) =>
        (!p.get('category') || a.category === p.get('category')) &&
        (!p.get('q') || a.title.toLowerCase().includes(p.get('q')!.toLowerCase())),
    );
    const start = Number(p.get('cursor') ?? 0);
    const next = new URLSearchParams(p);
    next.set('cursor', String(start + 2));
    return {
      body: hits.slice(start, start + 2),
      headers: start + 2 < hits.length ? { Link: `</api/admin/news?${next}>; rel="next"` } : undefined,
    };
  };

  test('When the admin types a title, then the server is asked once with q after the pause and its answer shows', async () => {
    const api = mockApi({ 'GET /api/admin/news': server });
    renderTab(<NewsTab />);
    expect(await screen.findByText('Cup final report')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search news' }), 'window');
    expect(await screen.findByText('Transfer window opens')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Cup final report')).not.toBeInTheDocument());
    // Debounced: one question for the whole word, not one per letter.
    expect(listCalls(api.calls, '/api/admin/news').filter((p) => p.q)).toEqual([{ q: 'window' }]);
  });

  test('When the admin picks a category, then the server is asked for it and Load more continues that category', async () => {
    const api = mockApi({ 'GET /api/admin/news': server });
    renderTab(<NewsTab />);
    expect(await screen.findByText('Cup final report')).toBeInTheDocument();

    await choose('Category', 'Match Report');
    expect(await screen.findByText('League report')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Transfer window opens')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Match Report');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Season opener report')).toBeInTheDocument();
    expect(screen.getByText('Cup final report')).toBeInTheDocument();
    expect(screen.queryByText('App update')).not.toBeInTheDocument();
    expect(listCalls(api.calls, '/api/admin/news')).toContainEqual({ category: 'match-report', cursor: '2' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  test('When a search and category find nothing, then the empty text says so and Clear filters shows every article', async () => {
    const api = mockApi({ 'GET /api/admin/news': server });
    renderTab(<NewsTab />);
    expect(await screen.findByText('Cup final report')).toBeInTheDocument();

    await choose('Category', 'Tactical Analysis');
    expect(
      await screen.findByText(
        'No articles found in the "Tactical Analysis" category. Try changing the filter.',
      ),
    ).toBeInTheDocument();
    await choose('Category', 'Match Report');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search news' }), 'window');
    expect(
      await screen.findByText('No articles match "window" in the "Match Report" category.'),
    ).toBeInTheDocument();
    expect(listCalls(api.calls, '/api/admin/news')).toContainEqual({ category: 'match-report', q: 'window' });

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Cup final report')).toBeInTheDocument();
    expect(screen.getByText('Transfer window opens')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search news' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('All Categories');
  });

  test('When the admin clears the search box with its button, then the box empties and the whole list shows again', async () => {
    const api = mockApi({ 'GET /api/admin/news': server });
    renderTab(<NewsTab />);
    const box = await screen.findByRole('searchbox', { name: 'Search news' });
    await userEvent.type(box, 'window');
    await waitFor(() => expect(screen.queryByText('Cup final report')).not.toBeInTheDocument());
    const before = api.calls.length;

    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(await screen.findByText('Cup final report')).toBeInTheDocument();
    // The whole list comes back from the cache of the first answer; nothing more is asked with q.
    expect(listCalls(api.calls.slice(before), '/api/admin/news').filter((p) => p.q)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });
});

describe('Applications tab filters', () => {
  test('When the admin picks a status and a type and searches, then the server is asked with all three and its answer shows', async () => {
    const api = mockApi({
      'GET /api/partners': ({ url }) => {
        const p = new URL(url, 'http://x').searchParams;
        if (p.get('q') === 'star') return { body: [partner('Star Striker', 'Approved', 'influencer')] };
        if (p.get('status') === 'Approved')
          return { body: [partner('Approved Person', 'Approved', 'influencer')] };
        return { body: [partner('Anyone')] };
      },
      'GET /api/admin/partner-action-counts': { body: [] },
    });
    renderTab(<PartnersTab />);
    expect(await screen.findByText('Anyone')).toBeInTheDocument();

    await choose('Status', 'Approved');
    await choose('Type', 'Influencer');
    expect(await screen.findByText('Approved Person')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search applications' }), 'star');
    expect(await screen.findByText('Star Striker')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Approved Person')).not.toBeInTheDocument());

    const asked = listCalls(api.calls, '/api/partners');
    expect(asked).toContainEqual({ status: 'Approved' });
    expect(asked).toContainEqual({ status: 'Approved', type: 'influencer' });
    expect(asked).toContainEqual({ status: 'Approved', type: 'influencer', q: 'star' });
  });

  test('When the filters match no application, then the empty text says so with a Clear filters button', async () => {
    const api = mockApi({
      'GET /api/partners': ({ url }) => ({ body: url.includes('type=') ? [] : [partner('Anyone')] }),
      'GET /api/admin/partner-action-counts': { body: [] },
    });
    renderTab(<PartnersTab />);
    expect(await screen.findByText('Anyone')).toBeInTheDocument();
    await choose('Type', 'Football Club');
    const empty = (await screen.findByText('No applications match these filters.')).closest('div')!;
    await userEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Anyone')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('All Types');
    expect(listCalls(api.calls, '/api/partners')).toContainEqual({ type: 'club' });
  });
  test("When the address names a status and a type (a Dashboard figure's link), then the list opens filtered by them", async () => {
    const api = mockApi(partnerList([partner('Pending Star', 'Pending', 'influencer')]));
    renderTab(<PartnersTab />, { route: '/admin12YardsDB?tab=partners&status=Pending&type=influencer' });
    expect(await screen.findByText('Pending Star')).toBeInTheDocument();
    expect(listCalls(api.calls, '/api/partners')).toEqual([{ status: 'Pending', type: 'influencer' }]);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Pending');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Influencer');
  });

  test('When the address names a status that does not exist, then the whole list opens', async () => {
    const api = mockApi(partnerList([partner('Anyone')]));
    renderTab(<PartnersTab />, { route: '/admin12YardsDB?tab=partners&status=Bogus' });
    expect(await screen.findByText('Anyone')).toBeInTheDocument();
    expect(listCalls(api.calls, '/api/partners')).toEqual([{}]);
  });
});

describe('Messages tab status filter', () => {
  test('When the admin picks Responded, then the server is asked for responded messages, and that list keeps being polled', async () => {
    const api = mockApi({
      'GET /api/contacts': ({ url }) => ({
        body: url.includes('status=responded')
          ? [message('Answered question', 'responded')]
          : [message('New question'), message('Answered question', 'responded')],
      }),
    });
    renderTab(<ContactsTab />);
    expect(await screen.findByText('New question')).toBeInTheDocument();

    await choose('Status', 'Responded');
    await waitFor(() => expect(screen.queryByText('New question')).not.toBeInTheDocument());
    expect(screen.getByText('Answered question')).toBeInTheDocument();
    const responded = () => listCalls(api.calls, '/api/contacts').filter((p) => p.status === 'responded');
    expect(responded()).toEqual([{ status: 'responded' }]);
    // SPEC: the messages are polled every 5 s; the filtered list is the one polled.
    await waitFor(() => expect(responded().length).toBeGreaterThanOrEqual(2), { timeout: 8000 });
  });

  test('When a search and status find nothing, then the empty text names them', async () => {
    mockApi({
      'GET /api/contacts': ({ url }) => ({ body: url.includes('?') ? [] : [message('New question')] }),
    });
    renderTab(<ContactsTab />);
    expect(await screen.findByText('New question')).toBeInTheDocument();
    await choose('Status', 'Unread');
    expect(await screen.findByText('No unread messages.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'refund');
    expect(await screen.findByText('No unread messages match "refund".')).toBeInTheDocument();
    expect(screen.queryByText('No contacts found')).not.toBeInTheDocument();
  });
});
