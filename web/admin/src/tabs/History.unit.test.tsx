import '../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryEntry, Partner } from '@12yards/api';
import { failure, mockApi, renderTab } from '../test/render';
import { newsArticle, serviceStatusFixture } from '../test/fixtures';
import { NewsTab } from './NewsTab';
import { PartnersTab } from './PartnersTab';
import { SettingsTab } from './SettingsTab';
import { StatusTab } from './StatusTab';

jest.setTimeout(30_000);

const article = newsArticle({ version: 4 });

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: 'e1',
  at: '2025-01-05T10:00:00.000Z',
  actor: 'admin',
  type: 'NewsArticleUpdated',
  summary: 'Updated',
  changes: {},
  ...over,
});

/** Created, edited twice (a short field, then a prose one) and published. */
const articleHistory = [
  entry({
    id: 'e1',
    type: 'NewsArticleCreated',
    summary: 'Created',
    changes: {
      title: { from: null, to: 'Launch day' },
      content: { from: null, to: 'Full story' },
      published: { from: null, to: false },
    },
  }),
  entry({
    id: 'e2',
    at: '2025-01-06T09:30:00.000Z',
    actor: 'editor@12yards.test',
    summary: 'Title changed',
    changes: { title: { from: 'Launch', to: 'Launch day' } },
  }),
  entry({
    id: 'e3',
    at: '2025-01-07T09:30:00.000Z',
    actor: 'editor@12yards.test',
    summary: 'Content changed',
    changes: { content: { from: 'Full story', to: 'A much longer story\nover several lines' } },
  }),
  entry({
    id: 'e4',
    at: '2025-01-08T09:30:00.000Z',
    type: 'NewsArticlePublished',
    summary: 'Published',
    changes: { published: { from: false, to: true } },
  }),
];

async function openArticleHistory() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Launch day' }));
  const dialog = await screen.findByRole('dialog');
  const toggle = within(dialog).getByRole('button', { name: 'History of Launch day' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return dialog;
}

describe('History section', () => {
  test('When an article created, edited twice and published has its History opened, then its 4 entries show oldest first with who, what and when', async () => {
    const api = mockApi({
      'GET /api/admin/news': { body: [article] },
      'GET /api/admin/history/news/n1': { body: articleHistory },
    });
    renderTab(<NewsTab />);
    const dialog = await openArticleHistory();
    const list = await within(dialog).findByRole('list', { name: 'History' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Created, by admin',
      'Title changed, by editor@12yards.test',
      'Content changed, by editor@12yards.test',
      'Published, by admin',
    ]);
    // A short field the summary only names shows its values; a prose one does not.
    expect(items[1]).toHaveTextContent('Title: Launch → Launch day');
    expect(items[2]).not.toHaveTextContent('A much longer story');
    expect(items[2]!.querySelectorAll('p')).toHaveLength(1);
    expect(items[3]!.querySelectorAll('p')).toHaveLength(1);
    expect(items[1]!.querySelector('time')).toHaveAttribute('datetime', '2025-01-06T09:30:00.000Z');
    expect(items[1]).toHaveTextContent(/January 6, 2025/);
    expect(api.calls.filter((c) => c.url === '/api/admin/history/news/n1')).toHaveLength(1);
  });

  test('When the History is closed, then nothing is asked; the toggle opens and closes from the keyboard', async () => {
    const api = mockApi({
      'GET /api/admin/news': { body: [article] },
      'GET /api/admin/history/news/n1': { body: [] },
    });
    renderTab(<NewsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Launch day' }));
    const dialog = await screen.findByRole('dialog');
    const toggle = within(dialog).getByRole('button', { name: 'History of Launch day' });
    expect(api.calls.some((c) => c.url.startsWith('/api/admin/history'))).toBe(false);
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(await within(dialog).findByText('No history yet.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByText('No history yet.')).not.toBeInTheDocument();
  });

  test('When an article is being created, then its dialog has no History', async () => {
    mockApi({ 'GET /api/admin/news': { body: [] } });
    renderTab(<NewsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Add Article/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: /History/ })).not.toBeInTheDocument();
  });

  test('When the history fails to load, then the error card shows; Try Again reads it again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/admin/news': { body: [article] },
      'GET /api/admin/history/news/n1': () => (++calls === 1 ? failure(503) : { body: articleHistory }),
    });
    renderTab(<NewsTab />);
    const dialog = await openArticleHistory();
    const card = await within(dialog).findByRole('alert');
    expect(within(card).getByText('Failed to load history')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByText('Title changed')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  test('When a partner became Partner through a contract, then its details History says so in words, by the system', async () => {
    const partner: Partner = {
      id: 'p1',
      name: 'Riverside FC',
      type: 'club',
      email: 'club@riverside.test',
      organization: 'Riverside Football Club',
      status: 'Partner',
      statusLocked: true,
      activeContracts: 1,
      createdAt: '2025-01-05T10:00:00.000Z',
    };
    mockApi({
      'GET /api/partners': { body: [partner] },
      'GET /api/admin/partner-action-counts': { body: [] },
      'GET /api/admin/partners/p1/actions': { body: [] },
      'GET /api/admin/history/partner/p1': {
        body: [
          entry({
            id: 'e1',
            type: 'PartnerPromoted',
            summary: 'Became a partner when a contract was created',
            actor: 'system',
            changes: { status: { from: 'Pending', to: 'Partner' } },
          }),
          entry({
            id: 'e2',
            type: 'PartnerContractEnded',
            summary: 'A contract ended; the status is no longer locked',
            actor: 'system',
            changes: {
              activeContracts: { from: 1, to: 0 },
              statusLocked: { from: true, to: false },
            },
          }),
        ],
      },
    });
    renderTab(<PartnersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'View Riverside FC' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'History of Riverside FC' }));
    const list = await within(dialog).findByRole('list', { name: 'History' });
    const [promoted, ended] = within(list).getAllByRole('listitem');
    expect([...promoted!.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Became a partner when a contract was created, by system',
    ]);
    // No event name, no machine words: what happened and what it means for the status.
    expect([...ended!.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'A contract ended; the status is no longer locked, by system',
    ]);
  });

  test('When a service is toggled while its History is open, then the History is read again and shows the change', async () => {
    const svc = serviceStatusFixture({ serviceName: 'Polls', version: 1 });
    const toggled = entry({
      id: 'e2',
      summary: 'Status: operational → issue',
      changes: { status: { from: 'operational', to: 'issue' } },
    });
    let history: HistoryEntry[] = [];
    mockApi({
      'GET /api/service-status': { body: [svc] },
      'GET /api/admin/history/service-status/s1': () => ({ body: history }),
      'PUT /api/admin/service-status/s1': () => {
        history = [toggled];
        return { body: { ...svc, status: 'issue', version: 2 } };
      },
    });
    renderTab(<StatusTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'History of Polls' }));
    expect(await screen.findByText('No history yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as Issue: Polls' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'History' })).toHaveTextContent(
        'Status: operational → issue, by admin',
      ),
    );
  });

  test('When the Settings History is opened, then the setting is asked for by its key', async () => {
    const api = mockApi({
      'GET /api/settings/show_app_gallery': { body: { key: 'show_app_gallery', value: 'true' } },
      'GET /api/admin/history/setting/show_app_gallery': {
        body: [entry({ summary: 'Value changed', changes: { value: { from: 'true', to: 'false' } } })],
      },
    });
    renderTab(<SettingsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'History of Show App Gallery' }));
    const list = await screen.findByRole('list', { name: 'History' });
    expect([...list.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Value changed, by admin',
      'Value: true → false',
    ]);
    expect(api.calls.map((c) => c.url)).toContain('/api/admin/history/setting/show_app_gallery');
  });
});
