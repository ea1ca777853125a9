import '../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityEntry } from '@12yards/api';
import { failure, mockApi, renderTab, type Call } from '../test/render';
import { ActivityTab } from './ActivityTab';

jest.setTimeout(30_000);

const change = (i: number, over: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: `e${i}`,
  at: new Date(Date.UTC(2025, 0, 30, 12, 0) - i * 60_000).toISOString(),
  actor: i % 2 ? 'editor@12yards.test' : 'admin',
  type: 'NewsArticleUpdated',
  summary: 'Title changed',
  changes: { title: { from: `Old ${i}`, to: `Story ${i}` } },
  entityType: 'news',
  entityId: `n${i}`,
  entityLabel: `Story ${i}`,
  position: 100 - i,
  service: 'content',
  ...over,
});

const contractChange = change(90, {
  type: 'ContractCreated',
  summary: 'Created',
  entityType: 'contract',
  entityId: 'c1',
  entityLabel: 'Riverside Ltd',
  service: 'contracts',
  actor: 'admin',
  changes: { companyName: { from: null, to: 'Riverside Ltd' } },
});

const paramsOf = (c: Call) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);
const feedCalls = (calls: Call[]) =>
  calls.filter((c) => c.url.split('?')[0] === '/api/admin/activity').map(paramsOf);
const rows = () => within(screen.getByRole('list', { name: 'Changes' })).getAllByRole('listitem');

/** A feed that filters by entityType and actor and pages by 20 with a Link header, as the gateway does. */
function feed(all: ActivityEntry[]) {
  return ({ url }: { url: string }) => {
    const q = new URL(url, 'http://x').searchParams;
    const matching = all.filter(
      (e) =>
        (!q.get('entityType') || e.entityType === q.get('entityType')) &&
        (!q.get('actor') || e.actor.includes(q.get('actor')!)),
    );
    const start = Number(q.get('cursor') ?? 0);
    const end = Math.min(matching.length, start + 20);
    const link = new URLSearchParams(q);
    link.set('cursor', String(end));
    const headers: Record<string, string> =
      end < matching.length ? { Link: `</api/admin/activity?${link}>; rel="next"` } : {};
    return { body: matching.slice(start, end), headers };
  };
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Recent activity tab', () => {
  test('When the feed loads, then each change shows its kind, name, summary, what changed, who and when', async () => {
    mockApi({ 'GET /api/admin/activity': { body: [change(1), contractChange] } });
    renderTab(<ActivityTab />);
    expect(await screen.findByRole('heading', { name: 'Recent activity' })).toBeInTheDocument();
    const [first, second] = await waitFor(rows);
    expect(first).toHaveTextContent('News article');
    expect(first).toHaveTextContent('Story 1');
    expect(first).toHaveTextContent('Title changed, by editor@12yards.test');
    expect(first).toHaveTextContent('Title: Old 1 → Story 1');
    expect(first).toHaveTextContent(/January 30, 2025/);
    expect(second).toHaveTextContent('Contract');
    expect(second).toHaveTextContent('Riverside Ltd');
    expect(second).toHaveTextContent('Created, by admin');
  });

  test('When there are 45 changes, then 20 show; Load more follows the Link cursor to the next 20, then the last 5', async () => {
    const api = mockApi({
      'GET /api/admin/activity': feed(Array.from({ length: 45 }, (_, i) => change(i))),
    });
    renderTab(<ActivityTab />);
    await waitFor(() => expect(rows()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(40));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(45));
    expect(rows()[44]).toHaveTextContent('Story 44');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(feedCalls(api.calls)).toEqual([{}, { cursor: '20' }, { cursor: '40' }]);
  });

  test('When the admin picks a type, then the server is asked with entityType and only its answer shows; Load more keeps the filter', async () => {
    const contracts = Array.from({ length: 25 }, (_, i) =>
      change(i, { entityType: 'contract', entityLabel: `Contract ${i}`, service: 'contracts' }),
    );
    const api = mockApi({ 'GET /api/admin/activity': feed([change(100), ...contracts]) });
    renderTab(<ActivityTab />);
    await waitFor(() => expect(rows()).toHaveLength(20));
    await choose('Type', 'Contract');
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Contract 0'));
    expect(screen.queryByText('Story 100')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(feedCalls(api.calls).slice(-2)).toEqual([
      { entityType: 'contract' },
      { entityType: 'contract', cursor: '20' },
    ]);
  });

  test('When the admin types an actor that changed nothing of that type, then the empty text names them; Clear filters shows everything again', async () => {
    const api = mockApi({ 'GET /api/admin/activity': feed([change(1), contractChange]) });
    renderTab(<ActivityTab />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await choose('Type', 'Contract');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Changed by' }), 'editor');
    expect(await screen.findByText('No contract changes by "editor".')).toBeInTheDocument();
    expect(feedCalls(api.calls).at(-1)).toEqual({ entityType: 'contract', actor: 'editor' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('searchbox', { name: 'Changed by' })).toHaveValue('');
  });

  test('When a service did not answer, then the feed shows what it has and says whose changes may be missing', async () => {
    mockApi({
      'GET /api/admin/activity': {
        body: [change(1)],
        headers: { 'Activity-Unavailable': 'contracts, media' },
      },
    });
    renderTab(<ActivityTab />);
    expect(
      await screen.findByText(/Some changes may be missing: the contracts, media services did not answer\./),
    ).toHaveAttribute('role', 'status');
    expect(rows()).toHaveLength(1);
  });

  test('When nothing has changed yet, then it says No activity yet.', async () => {
    mockApi({ 'GET /api/admin/activity': { body: [] } });
    renderTab(<ActivityTab />);
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  test('When the feed fails, then the error card shows; Try Again reads it again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/admin/activity': () => (++calls === 1 ? failure(502) : { body: [change(1)] }),
    });
    renderTab(<ActivityTab />);
    const card = await screen.findByRole('alert');
    expect(within(card).getByText('Failed to load activity')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
