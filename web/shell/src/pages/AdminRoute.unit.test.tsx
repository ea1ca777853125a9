import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import AdminRoute, { ADMIN_REMOTE } from './AdminRoute';

// The federation runtime stands in for the network: the admin remote's entry cannot be had.
jest.mock('@module-federation/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(async () => null),
}));

describe('/admin12YardsDB', () => {
  it('When the admin remote cannot be loaded, then a message and a link home show instead of a blank page', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<AdminRoute />, '/admin12YardsDB');
    expect(await screen.findByRole('alert')).toHaveTextContent('The admin panel could not be loaded');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    const runtime = jest.requireMock('@module-federation/runtime');
    expect(runtime.registerRemotes).toHaveBeenCalledWith([ADMIN_REMOTE]);
  });
});
