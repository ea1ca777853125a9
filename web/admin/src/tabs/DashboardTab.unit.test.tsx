import '../test/setup';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Insights } from '@12yards/api';
import { mockApi, renderTab } from '../test/render';
import { DashboardTab } from './DashboardTab';

jest.setTimeout(30_000);

const weeks = (counts: number[]) =>
  counts.map((count, i) => ({
    weekStart: new Date(Date.UTC(2026, 8, 7) + i * 7 * 86_400_000).toISOString().slice(0, 10),
    count,
  }));

const figures = (over: Partial<Insights> = {}): Insights => ({
  at: '2026-11-26T12:00:00.000Z',
  partnersByStatus: { Pending: 4, 'In Progress': 2, Partner: 3 },
  partnersByType: {
    club: { Pending: 3, 'In Progress': 1, Partner: 2 },
    influencer: { Pending: 1, 'In Progress': 1, Partner: 1 },
  },
  applicationsPerWeek: weeks([0, 1, 0, 2, 0, 0, 5, 1, 0, 0, 0, 3]),
  partnersPerWeek: weeks([0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1]),
  medianDaysToContract: 12.5,
  contractsEnding: { within30: 1, within60: 2, within90: 4 },
  messagesAwaiting: 6,
  overdueActions: 2,
  scheduledArticles: 3,
  unavailable: [],
  ...over,
});

const figure = (label: RegExp) => screen.getByRole('link', { name: label });

describe('Dashboard tab', () => {
  test('When the figures load, then each shows with a link to its filtered list, and the weekly chart has a summary and a table', async () => {
    mockApi({
      'GET /api/admin/insights': { body: figures() },
      'GET /api/admin/contracts/ending': { body: [] },
    });
    renderTab(<DashboardTab />);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /^Pending: 4\b/ })).toHaveAttribute(
      'href',
      '/admin12YardsDB?tab=partners&status=Pending',
    );
    expect(figure(/^Partner: 3\b/)).toHaveAttribute('href', '/admin12YardsDB?tab=partners&status=Partner');
    expect(screen.getByRole('link', { name: '3 Football clubs Pending' })).toHaveAttribute(
      'href',
      '/admin12YardsDB?tab=partners&status=Pending&type=club',
    );
    expect(figure(/^Messages awaiting an answer: 6/)).toHaveAttribute(
      'href',
      '/admin12YardsDB?tab=contacts&awaiting=true',
    );
    expect(figure(/^Overdue action items: 2/)).toHaveAttribute(
      'href',
      '/admin12YardsDB?tab=partners&overdue=true',
    );
    expect(figure(/^Articles scheduled to go live: 3/)).toHaveAttribute(
      'href',
      '/admin12YardsDB?tab=news&scheduled=true',
    );
    expect(figure(/^Contracts ending within 30 days: 1\b/)).toHaveAttribute(
      'href',
      '/admin12YardsDB?tab=dashboard&ending=30',
    );
    expect(figure(/^Contracts ending within 60 days: 2\b/)).toBeInTheDocument();
    expect(figure(/^Contracts ending within 90 days: 4\b/)).toHaveAttribute('aria-current', 'true');
    expect(figure(/^Median days to first contract: 12.5/)).toBeInTheDocument();

    const chart = screen.getByRole('figure');
    expect(chart).toHaveAccessibleDescription(
      'Over the 12 weeks from September 7, 2026, 12 new applications and 3 partners gained. Most applications in the week of October 19, 2026 (5).',
    );
    await userEvent.click(within(chart).getByText('Table view'));
    const table = within(chart).getByRole('table', { name: 'New applications and partners gained per week' });
    const lastRow = within(table).getAllByRole('row').at(-1)!;
    expect(
      within(lastRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '1']);
  });

  test('When a renewal figure is chosen, then the list below holds the contracts it counts, soonest first, each a link to its partner', async () => {
    const contract = (id: string, partnerName: string | null, companyName: string, endDate: string) => ({
      id,
      partnerId: `p-${id}`,
      partnerName,
      companyName,
      endDate,
    });
    const api = mockApi({
      'GET /api/admin/insights': { body: figures() },
      'GET /api/admin/contracts/ending': ({ url }) =>
        url.includes('within=30')
          ? { body: [contract('1', 'Jo Green', 'Green Media', '2026-12-06')] }
          : {
              body: [
                contract('1', 'Jo Green', 'Green Media', '2026-12-06'),
                contract('2', null, 'Leeds Fans Ltd', '2027-02-01'),
              ],
            },
    });
    renderTab(<DashboardTab />, { route: '/admin12YardsDB?tab=dashboard&ending=30' });
    const list = await screen.findByRole('list', { name: 'Contracts ending within 30 days' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Jo Green Green MediaEnds December 6, 2026');
    expect(within(items[0]!).getByRole('link', { name: 'Jo Green' })).toHaveAttribute(
      'href',
      '/admin12YardsDB?tab=partners&id=p-1',
    );
    expect(figure(/^Contracts ending within 30 days: 1\b/)).toHaveAttribute('aria-current', 'true');

    await userEvent.click(figure(/^Contracts ending within 90 days: 4\b/));
    const all = await screen.findByRole('list', { name: 'Contracts ending within 90 days' });
    // A contract whose partner this service does not know links by its company.
    expect(within(all).getByRole('link', { name: 'Leeds Fans Ltd' })).toHaveAttribute(
      'href',
      '/admin12YardsDB?tab=partners&id=p-2',
    );
    expect(api.calls.map((c) => c.url)).toContain('/api/admin/contracts/ending?within=90');
  });

  test('When a past day is chosen, then the figures are asked as they stood at the end of that day; Back to today asks for now again', async () => {
    const api = mockApi({
      'GET /api/admin/insights': ({ url }) =>
        url.includes('at=')
          ? { body: figures({ partnersByStatus: { Pending: 1, 'In Progress': 0, Partner: 0 } }) }
          : { body: figures() },
      'GET /api/admin/contracts/ending': { body: [] },
    });
    renderTab(<DashboardTab />);
    await screen.findByRole('link', { name: /^Pending: 4\b/ });
    fireEvent.change(screen.getByLabelText('Show a past day'), { target: { value: '2026-10-01' } });
    expect(await screen.findByRole('link', { name: /^Pending: 1\b/ })).toBeInTheDocument();
    const lastInsights = api.calls.filter((c) => c.url.startsWith('/api/admin/insights')).at(-1)!;
    const asked = new URL(lastInsights.url, 'http://x').searchParams.get('at')!;
    expect(new Date(asked)).toEqual(new Date(2026, 9, 1, 23, 59, 59, 999));
    expect(screen.getByText('As it stood at the end of October 1, 2026.')).toBeInTheDocument();
    expect(screen.getByText('The list shows the contracts as they stand today.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to today' }));
    expect(await screen.findByRole('link', { name: /^Pending: 4\b/ })).toBeInTheDocument();
  });

  test('When a service did not answer, then its figures say so and a status line names it', async () => {
    mockApi({
      'GET /api/admin/insights': {
        body: figures({
          contractsEnding: null,
          scheduledArticles: null,
          unavailable: ['contracts', 'content'],
        }),
      },
    });
    renderTab(<DashboardTab />);
    expect(
      await screen.findByText('Some figures are missing: the contracts, content services did not answer.'),
    ).toBeInTheDocument();
    expect(figure(/^Articles scheduled to go live: Not available/)).toBeInTheDocument();
    expect(figure(/^Pending: 4\b/)).toBeInTheDocument();
  });

  test('When the figures cannot be read, then the error says so and Try Again asks again', async () => {
    let calls = 0;
    mockApi({
      'GET /api/admin/insights': () =>
        ++calls === 1
          ? { status: 503, body: { error: { code: 'unavailable', message: 'No service answered' } } }
          : { body: figures() },
    });
    renderTab(<DashboardTab />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load the dashboard')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: /^Pending: 4\b/ })).toBeInTheDocument();
  });
});
