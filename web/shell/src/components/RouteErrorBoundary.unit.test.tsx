import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quietApi, renderApp, storeConsent } from '../test/render';

// The /news chunk fails to download, as a stale chunk does after a redeploy: its dynamic import rejects.
jest.mock('../pages/NewsPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/NewsPage-Old12345.js');
});

describe('A page whose code fails to load', () => {
  beforeEach(() => {
    storeConsent();
    // React reports the caught error on the console; the page itself is what this test reads.
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it('When /news cannot be loaded, then a reload message shows inside the site, with navigation and footer', async () => {
    quietApi();
    renderApp('/news');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(
      within(alert).getByText('Check your connection and reload the page to try again.'),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it('When the visitor then goes home, then the home page renders again', async () => {
    quietApi();
    renderApp('/news');
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('link', { name: '12Yards home' }));
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent(
      'This page could not be loaded',
    );
    expect(screen.queryByText('This page could not be loaded')).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Latest from 12Yards' })).toBeInTheDocument();
  });
});
