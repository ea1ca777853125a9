import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { ScrollToTop } from './ScrollToTop';
import { article, quietApi, renderApp, storeConsent } from '../test/render';

jest.setTimeout(20_000);

/** jsdom does not scroll: this stands in for the page offset the visitor sees. */
function fakeScrolling(offset: number) {
  let y = offset;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(((arg?: ScrollToOptions | number) => {
    if (typeof arg === 'object') y = arg.top ?? y;
  }) as typeof window.scrollTo);
  return scrollTo;
}

// The footer's code loads on its own (a lazy island): found once it has rendered.
const footer = () => screen.findByRole('contentinfo');

describe('Scroll position on navigation', () => {
  beforeEach(() => storeConsent());
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['Service Status', 'Service Status'],
    ['Privacy Policy', 'Privacy Policy'],
    ['Terms of Service', 'Terms of Service'],
  ])(
    'When the footer link %s is followed far down the home page, then the new page opens at its top',
    async (link, heading) => {
      quietApi();
      fakeScrolling(4200);
      renderApp('/');
      await userEvent.click(within(await footer()).getByRole('link', { name: link }));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(window.scrollY).toBe(0);
    },
  );

  it('When a footer partner-console link is followed, then the console opens at its top', async () => {
    quietApi();
    fakeScrolling(4200);
    renderApp('/');
    await userEvent.click(within(await footer()).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/partner-console'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.scrollY).toBe(0);
  });

  it('When View All News is followed, then /news opens at its top', async () => {
    quietApi({ 'GET /api/news': { body: [article(1), article(2), article(3), article(4)] } });
    fakeScrolling(2600);
    renderApp('/');
    await userEvent.click(await screen.findByRole('link', { name: 'View All News' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/news'));
    expect(window.scrollY).toBe(0);
  });

  it('When the logo is followed from /news, then the home page opens at its top', async () => {
    quietApi();
    fakeScrolling(1800);
    renderApp('/news');
    await userEvent.click(screen.getByRole('link', { name: '12Yards home' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(window.scrollY).toBe(0);
  });

  it('When a footer section link leads home to an anchor, then the section is scrolled to, not the top', async () => {
    quietApi();
    const scrollTo = fakeScrolling(900);
    const intoView = jest.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    renderApp('/status');
    await screen.findByRole('heading', { level: 1, name: 'Service Status' });
    await userEvent.click(within(await footer()).getByRole('link', { name: 'Features' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/#features'));
    await waitFor(() =>
      expect(intoView.mock.contexts.map((el) => (el as HTMLElement).id)).toContain('features'),
    );
    expect(intoView).toHaveBeenLastCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(900);
  });

  it('When the visitor goes back, then the offset is left to the browser to restore', async () => {
    fakeScrolling(0);
    function Page({ name }: { name: string }) {
      const navigate = useNavigate();
      return (
        <>
          <h1>{name}</h1>
          <button onClick={() => navigate('/status')}>Open status</button>
          <button onClick={() => navigate(-1)}>Back</button>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/']}>
        <ScrollToTop />
        <Routes>
          <Route path="/" element={<Page name="Home" />} />
          <Route path="/status" element={<Page name="Status" />} />
        </Routes>
      </MemoryRouter>,
    );
    window.scrollTo({ top: 3000 });
    await userEvent.click(screen.getByRole('button', { name: 'Open status' }));
    expect(await screen.findByRole('heading', { name: 'Status' })).toBeInTheDocument();
    expect(window.scrollY).toBe(0);
    window.scrollTo({ top: 700 });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(window.scrollY).toBe(700);
  });
});
