import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHOW_COOKIES_BANNER_EVENT } from './CookieBanner';
import { quietApi, renderApp, storeConsent } from '../test/render';

jest.setTimeout(20_000);

// The footer's code loads on its own (a lazy island): found once it has rendered.
const footer = () => screen.findByRole('contentinfo');

describe('Footer', () => {
  beforeEach(() => storeConsent());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('When Cookie Policy is chosen, then the show-cookies-banner event fires and the cookie banner shows again', async () => {
    quietApi();
    const fired = jest.fn();
    window.addEventListener(SHOW_COOKIES_BANNER_EVENT, fired);
    renderApp('/');
    expect(screen.queryByRole('region', { name: 'We use cookies' })).not.toBeInTheDocument();
    await userEvent.click(within(await footer()).getByRole('button', { name: 'Cookie Policy' }));
    expect(fired).toHaveBeenCalledTimes(1);
    const banner = screen.getByRole('region', { name: 'We use cookies' });
    expect(within(banner).getByRole('button', { name: 'Manage Preferences' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Reject All' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Accept All' })).toBeInTheDocument();
    window.removeEventListener(SHOW_COOKIES_BANNER_EVENT, fired);
  });

  it('When For Clubs is chosen, then the page scrolls to #partners and the club application opens after 800 ms', async () => {
    jest.useFakeTimers();
    quietApi();
    const intoView = jest.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderApp('/');
    await user.click(within(await footer()).getByRole('link', { name: 'For Clubs' }));
    expect(intoView.mock.contexts.map((el) => (el as HTMLElement).id)).toEqual(['partners']);
    expect(intoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    act(() => jest.advanceTimersByTime(799));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(
      await screen.findByRole('dialog', { name: 'Football Club Partnership Application' }),
    ).toBeInTheDocument();
  });
});
