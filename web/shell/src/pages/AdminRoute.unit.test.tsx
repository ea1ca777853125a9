import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import AdminRoute, { ADMIN_REMOTE } from './AdminRoute';

// The federation runtime stands in for the network: the admin remote's entry cannot be had.
const loadRemote = jest.fn(async () => null);
jest.mock('@module-federation/runtime', () => ({
  createInstance: jest.fn(() => ({ loadRemote })),
}));

describe('/admin12YardsDB', () => {
  it('When the admin remote cannot be loaded, then a message and a link home show instead of a blank page', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<AdminRoute />, '/admin12YardsDB');
    expect(await screen.findByRole('alert')).toHaveTextContent('The admin panel could not be loaded');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    const runtime = jest.requireMock('@module-federation/runtime');
    expect(runtime.createInstance).toHaveBeenCalledWith(
      expect.objectContaining({ remotes: [ADMIN_REMOTE], shareStrategy: 'loaded-first' }),
    );
    // The remote gets the shell's own copies of the singletons.
    const { shared } = runtime.createInstance.mock.calls[0][0];
    expect(shared.react.lib().useState).toBe((await import('react')).useState);
    expect(Object.keys(shared)).toEqual(
      expect.arrayContaining([
        'react',
        'react-dom',
        'react-dom/client',
        'react-router',
        '@tanstack/react-query',
      ]),
    );
    expect(loadRemote).toHaveBeenCalledWith('admin/AdminApp');
  });
});
