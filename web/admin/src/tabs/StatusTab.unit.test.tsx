import '../test/setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, mockApi, renderTab } from '../test/render';
import { serviceStatusFixture } from '../test/fixtures';
import { StatusTab } from './StatusTab';

const svc = serviceStatusFixture;

describe('Service Status tab', () => {
  test('When statuses load, then operational ones offer Mark as Issue and issues offer Mark as Operational', async () => {
    const api = mockApi({
      'GET /api/service-status': {
        body: [svc(), svc({ id: 's2', serviceName: 'Auctions', status: 'issue' })],
      },
      'PUT /api/admin/service-status/s1': { body: svc({ status: 'issue' }) },
      'PUT /api/admin/service-status/s2': failure(),
    });
    renderTab(<StatusTab />);
    const android = (await screen.findByText('Android App')).closest('li')!;
    expect(within(android).getByText('Fully Operational')).toBeInTheDocument();
    const auctions = screen.getByText('Auctions').closest('li')!;
    expect(within(auctions).getByText('Issue under investigation')).toBeInTheDocument();
    await userEvent.click(within(android).getByRole('button', { name: /Mark as Issue/ }));
    expect(await screen.findByText('Service status updated successfully')).toBeInTheDocument();
    await userEvent.click(within(auctions).getByRole('button', { name: /Mark as Operational/ }));
    expect(await screen.findByText('Failed to update service status')).toBeInTheDocument();
    expect(api.writes().map((c) => [c.url, c.body])).toEqual([
      ['/api/admin/service-status/s1', { status: 'issue' }],
      ['/api/admin/service-status/s2', { status: 'operational' }],
    ]);
  });
});
