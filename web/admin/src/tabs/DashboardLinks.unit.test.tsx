import '../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderTab, type Call } from '../test/render';
import { partnerList } from '../test/fixtures';
import { ContactsTab } from './ContactsTab';
import { NewsTab } from './NewsTab';
import { PartnersTab } from './PartnersTab';

jest.setTimeout(30_000);

/** The lists a Dashboard figure links to open filtered to exactly what the figure counts, and say so. */

const partner = (name: string) => ({
  id: name,
  name,
  type: 'club',
  email: `${name.replace(/\s/g, '')}@club.test`,
  organization: 'A club',
  status: 'Pending',
  statusLocked: false,
  activeContracts: 0,
  createdAt: '2025-01-05T10:00:00.000Z',
});
const message = (subject: string) => ({
  id: subject,
  name: 'A fan',
  email: 'fan@fan.test',
  subject,
  message: 'Hello',
  status: 'read',
  createdAt: '2025-01-05T10:00:00.000Z',
});

const paramsOf = (c: Call) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);
const listCalls = (calls: Call[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === path).map(paramsOf);

describe("The lists behind the Dashboard's figures", () => {
  test('When the address asks for partners with overdue actions, then the server is asked for them, each card shows its overdue count, and Show all lists every partner', async () => {
    const api = mockApi({
      'GET /api/partners': ({ url }) => ({
        body: url.includes('overdue=true')
          ? [partner('Late FC')]
          : [partner('Late FC'), partner('On Time FC')],
      }),
      'GET /api/admin/partner-action-counts': {
        body: [{ partnerId: 'Late FC', openActionsCount: 3, overdueActionsCount: 2 }],
      },
    });
    renderTab(<PartnersTab />, { route: '/admin12YardsDB?tab=partners&overdue=true' });
    expect(await screen.findByText('2 Overdue')).toBeInTheDocument();
    expect(screen.getByText('3 Open Actions')).toBeInTheDocument();
    expect(screen.getByText('Showing only partners with overdue action items.')).toBeInTheDocument();
    expect(screen.queryByText('On Time FC')).not.toBeInTheDocument();
    expect(listCalls(api.calls, '/api/partners')).toEqual([{ overdue: 'true' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByText('On Time FC')).toBeInTheDocument();
    expect(screen.queryByText('Showing only partners with overdue action items.')).not.toBeInTheDocument();
    expect(listCalls(api.calls, '/api/partners').at(-1)).toEqual({});
  });

  test('When the address names one partner (a renewal to chase), then the list holds only that partner', async () => {
    const api = mockApi(partnerList([partner('Green Media')]));
    renderTab(<PartnersTab />, { route: '/admin12YardsDB?tab=partners&id=p-42' });
    expect(await screen.findByText('Green Media')).toBeInTheDocument();
    expect(screen.getByText('Showing only one partner.')).toBeInTheDocument();
    expect(listCalls(api.calls, '/api/partners')).toEqual([{ id: 'p-42' }]);
  });

  test('When the address asks for messages awaiting an answer, then the server is asked for them and the list says what it shows', async () => {
    const api = mockApi({ 'GET /api/contacts': { body: [message('Waiting for three days')] } });
    renderTab(<ContactsTab />, { route: '/admin12YardsDB?tab=contacts&awaiting=true' });
    expect(await screen.findByText('Waiting for three days')).toBeInTheDocument();
    expect(
      screen.getByText('Showing only messages unread or unanswered for more than 48 hours.'),
    ).toBeInTheDocument();
    expect(listCalls(api.calls, '/api/contacts')[0]).toEqual({ awaiting: 'true' });
  });

  test('When the address asks for scheduled articles and there are none, then the empty list says so', async () => {
    const api = mockApi({ 'GET /api/admin/news': { body: [] } });
    renderTab(<NewsTab />, { route: '/admin12YardsDB?tab=news&scheduled=true' });
    expect(await screen.findByText('No articles are scheduled to go live.')).toBeInTheDocument();
    expect(screen.getByText('Showing only articles scheduled to go live.')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(api.calls, '/api/admin/news')).toEqual([{ scheduled: 'true' }]));
  });
});
