import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CookieBanner, COOKIE_CONSENT_KEY, SHOW_COOKIES_BANNER_EVENT } from './CookieBanner';
import { renderWithProviders } from '../test/render';

const stored = () => JSON.parse(window.localStorage.getItem(COOKIE_CONSENT_KEY) ?? 'null');

describe('Cookie banner', () => {
  beforeEach(() => window.localStorage.clear());

  it('When no consent is stored, then the banner shows its three actions', () => {
    renderWithProviders(<CookieBanner />);
    expect(screen.getByRole('button', { name: 'Manage Preferences' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject All' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept All' })).toBeInTheDocument();
  });

  it('When Accept All is chosen, then all four categories are stored true with a timestamp and the banner hides', async () => {
    renderWithProviders(<CookieBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    const rec = stored();
    expect(rec).toMatchObject({ necessary: true, analytics: true, marketing: true, functional: true });
    expect(new Date(rec.timestamp).toISOString()).toBe(rec.timestamp);
    expect(screen.queryByRole('button', { name: 'Accept All' })).not.toBeInTheDocument();
  });

  it('When Reject All is chosen, then only necessary is stored true', async () => {
    renderWithProviders(<CookieBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject All' }));
    expect(stored()).toMatchObject({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
    expect(screen.queryByRole('button', { name: 'Reject All' })).not.toBeInTheDocument();
  });

  it('When preferences are toggled and saved, then the toggled choices are stored and necessary cannot be switched off', async () => {
    renderWithProviders(<CookieBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Manage Preferences' }));
    // The switches come with their own chunk.
    const necessary = await screen.findByRole('switch', { name: 'Necessary' });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Analytics' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Functional' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(stored()).toMatchObject({ necessary: true, analytics: true, marketing: false, functional: true });
    expect(screen.queryByRole('button', { name: 'Save Preferences' })).not.toBeInTheDocument();
  });

  it('When consent exists, then the banner stays hidden until the show-cookies-banner event fires', async () => {
    window.localStorage.setItem(
      COOKIE_CONSENT_KEY,
      JSON.stringify({
        necessary: true,
        analytics: false,
        marketing: true,
        functional: false,
        timestamp: new Date().toISOString(),
      }),
    );
    renderWithProviders(<CookieBanner />);
    expect(screen.queryByRole('button', { name: 'Accept All' })).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event(SHOW_COOKIES_BANNER_EVENT));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Manage Preferences' }));
    expect(screen.getByRole('switch', { name: 'Marketing' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
  });

  describe('when the stored consent is old or unreadable (the privacy policy asks again after 12 months)', () => {
    const now = new Date('2026-03-15T12:00:00.000Z');
    const storeRaw = (raw: string) => window.localStorage.setItem(COOKIE_CONSENT_KEY, raw);
    const consentAt = (timestamp: unknown) =>
      storeRaw(
        JSON.stringify({ necessary: true, analytics: true, marketing: false, functional: true, timestamp }),
      );

    beforeEach(() => jest.useFakeTimers({ now }));
    afterEach(() => jest.useRealTimers());

    it('When consent was given 11 months ago, then the banner stays hidden', () => {
      consentAt('2025-04-15T12:00:00.000Z');
      renderWithProviders(<CookieBanner />);
      expect(screen.queryByRole('button', { name: 'Accept All' })).not.toBeInTheDocument();
    });

    it('When consent was given more than 12 months ago, then the banner shows again', () => {
      consentAt('2025-03-14T12:00:00.000Z');
      renderWithProviders(<CookieBanner />);
      expect(screen.getByRole('region', { name: 'We use cookies' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Accept All' })).toBeInTheDocument();
    });

    it.each([
      ['an unparsable timestamp', () => consentAt('last spring')],
      ['no timestamp', () => consentAt(undefined)],
      ['a record that is not JSON', () => storeRaw('{necessary: true')],
      ['a null record', () => storeRaw('null')],
    ])('When the stored consent has %s, then the banner shows again', (_what, store) => {
      store();
      renderWithProviders(<CookieBanner />);
      expect(screen.getByRole('button', { name: 'Accept All' })).toBeInTheDocument();
    });
  });
});
