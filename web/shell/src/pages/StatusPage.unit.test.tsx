import { screen, within } from '@testing-library/react';
import { quietApi, renderApp } from '../test/render';

const row = (id: string, serviceName: string, status: string) => ({
  id,
  serviceName,
  status,
  lastUpdated: '2025-01-05T12:00:00.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('/status', () => {
  beforeEach(() => window.localStorage.setItem('cookie-consent', JSON.stringify({ necessary: true })));

  it('When the server returns no services, then the four defaults show as Fully Operational', async () => {
    quietApi();
    renderApp('/status');
    expect(await screen.findByRole('heading', { name: 'Service Status' })).toBeInTheDocument();
    expect(await screen.findAllByText('Fully Operational')).toHaveLength(4);
    for (const name of ['Android App', 'iOS App', 'Points and Rewards', 'Auctions']) {
      const item = screen.getByText(name).closest('li')!;
      expect(within(item).getByText('Fully Operational')).toBeInTheDocument();
      expect(within(item).getByText(/Last updated/)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
  });

  it('When services are returned, then each status has its label and unknown values read Checking Status', async () => {
    quietApi({
      'GET /api/service-status': {
        body: [
          row('s1', 'Android App', 'operational'),
          row('s2', 'Auctions', 'issue'),
          row('s3', 'Payments', 'maintenance'),
        ],
      },
    });
    renderApp('/status');
    await screen.findByText('Issue under investigation');
    const item = async (name: string) => (await screen.findByText(name)).closest('li')!;
    expect(within(await item('Android App')).getByText('Fully Operational')).toBeInTheDocument();
    expect(within(await item('Auctions')).getByText('Issue under investigation')).toBeInTheDocument();
    expect(within(await item('Payments')).getByText('Checking Status')).toBeInTheDocument();
    expect(screen.queryByText('iOS App')).not.toBeInTheDocument();
  });
});
