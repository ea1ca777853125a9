import { screen, within } from '@testing-library/react';
import { quietApi, renderApp, storeConsent } from '../test/render';

const row = (id: string, serviceName: string, status: string) => ({
  id,
  serviceName,
  status,
  lastUpdated: '2025-01-05T12:00:00.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('/status', () => {
  beforeEach(() => storeConsent());

  it('When the server returns no services, then the four defaults show as Fully Operational', async () => {
    quietApi();
    renderApp('/status');
    expect(await screen.findByRole('heading', { name: 'Service Status' })).toBeInTheDocument();
    expect(await screen.findAllByText('Fully Operational')).toHaveLength(4);
    for (const name of ['Android App', 'iOS App', 'Points and Rewards', 'Auctions']) {
      const item = screen.getByText(name).closest('li')!;
      expect(within(item).getByText('Fully Operational')).toBeInTheDocument();
      // The defaults have no real update time: no made-up 'now'.
      expect(within(item).queryByText(/Last updated/)).not.toBeInTheDocument();
    }
    expect(screen.getByText('All systems operational')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
  });

  it.each([
    ['answers with an error', { status: 500, body: { error: { code: 'internal', message: 'boom' } } }],
    ['cannot be reached', 'network-error' as const],
  ])(
    'When the server %s, then the page says the live status could not be loaded and claims nothing is operational',
    async (_what, answer) => {
      quietApi({ 'GET /api/service-status': answer });
      renderApp('/status');
      expect(await screen.findByText('Live status could not be loaded')).toBeInTheDocument();
      expect(screen.queryByText('All systems operational')).not.toBeInTheDocument();
      expect(screen.queryByText('Fully Operational')).not.toBeInTheDocument();
      for (const name of ['Android App', 'iOS App', 'Points and Rewards', 'Auctions']) {
        const item = screen.getByText(name).closest('li')!;
        expect(within(item).getByText('Checking Status')).toBeInTheDocument();
        expect(within(item).queryByText(/Last updated/)).not.toBeInTheDocument();
      }
      expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
    },
  );

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
    expect(within(await item('Android App')).getByText(/Last updated/)).toHaveTextContent(
      /^Last updated: 5 Jan 2025/,
    );
    expect(screen.getByText('Some services have issues')).toBeInTheDocument();
    expect(screen.queryByText('iOS App')).not.toBeInTheDocument();
  });
});
