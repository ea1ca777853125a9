import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { article, quietApi, renderApp, storeConsent } from '../test/render';

jest.setTimeout(30_000);

describe('Home page', () => {
  beforeEach(() => storeConsent());
  afterEach(() => jest.useRealTimers());

  it('When it renders, then the sections come in the SPEC order with their anchors and 12 feature cards', async () => {
    quietApi();
    const { container } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    // The static sections (how it works, features, FAQ) render from their own chunk when the browser renders the page.
    await screen.findByRole('region', { name: 'Frequently asked questions' });
    await screen.findByRole('region', { name: 'From first call to matchday in three steps' });
    await screen.findByRole('region', { name: 'Everything a matchday needs, in your pocket' });
    await screen.findByRole('region', { name: 'Good for supporters, good for the club' });
    const ids = [...container.querySelectorAll('main section[id]')].map((s) => s.id);
    expect(ids).toEqual(['how-it-works', 'features', 'benefits', 'news', 'partners', 'faq']);
    expect(container.querySelector('#contact')).not.toBeNull();
    expect(screen.getAllByTestId('feature-card')).toHaveLength(12);
    expect(screen.getByText('iOS')).toBeInTheDocument();
    expect(screen.getByText('Android')).toBeInTheDocument();
    expect(screen.getByText('Web')).toBeInTheDocument();
    expect(document.title).toMatch(/12Yards/);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://12yards.com/',
    );
    expect(document.head.querySelector('meta[property="og:title"]')).not.toBeNull();
  });

  it("When show_app_gallery is not 'true', then there is no App Gallery button and the gallery is never fetched", async () => {
    const { calls } = quietApi();
    renderApp('/');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/settings/show_app_gallery')).toBe(true));
    expect(screen.queryByRole('button', { name: /App Gallery/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/app-gallery')).toBe(false);
  });

  it("When show_app_gallery is 'true', then the gallery loads only once the dialog opens and cycles with wrap-around", async () => {
    const { calls } = quietApi({
      'GET /api/settings/show_app_gallery': { body: { key: 'show_app_gallery', value: 'true' } },
      'GET /api/app-gallery': {
        body: [
          { id: 'g1', imageUrl: '/media/a.png', description: 'Matchday poll', platformName: 'iOS' },
          { id: 'g2', imageUrl: '/media/b.png', description: 'Points auction', platformName: 'Android' },
        ],
      },
    });
    renderApp('/');
    const button = await screen.findByRole('button', { name: /App Gallery/ });
    expect(calls.some((c) => c.url === '/api/app-gallery')).toBe(false);
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'App Gallery' });
    expect(await within(dialog).findByRole('img', { name: 'Matchday poll' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous screenshot' }));
    expect(within(dialog).getByRole('img', { name: 'Points auction' })).toBeInTheDocument();
    expect(within(dialog).getByText('Android')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next screenshot' }));
    expect(within(dialog).getByRole('img', { name: 'Matchday poll' })).toBeInTheDocument();
  });

  it('When the gallery is empty, then its empty text shows and there are no previous/next buttons', async () => {
    quietApi({
      'GET /api/settings/show_app_gallery': { body: { key: 'show_app_gallery', value: 'true' } },
      'GET /api/app-gallery': { body: [] },
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: /App Gallery/ }));
    const dialog = await screen.findByRole('dialog', { name: 'App Gallery' });
    expect(
      await within(dialog).findByText('No app screenshots available at the moment.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Next screenshot' })).not.toBeInTheDocument();
  });

  it('When there are more than 3 articles, then the first 3 show with View All News, long US dates or Recently', async () => {
    quietApi({
      'GET /api/news': { body: [article(1), article(2, { publishDate: '' }), article(3), article(4)] },
    });
    renderApp('/');
    const news = await screen.findByRole('region', { name: 'Latest from 12Yards' });
    expect(await within(news).findByText('Headline 1')).toBeInTheDocument();
    expect(within(news).queryByText('Headline 4')).not.toBeInTheDocument();
    expect(within(news).getAllByText('January 5, 2025')).toHaveLength(2);
    expect(within(news).getByText('Recently')).toBeInTheDocument();
    expect(within(news).getByRole('link', { name: 'View All News' })).toHaveAttribute('href', '/news');
  });

  it('When there are exactly 3 articles, then View All News is not shown; Read More opens the article', async () => {
    quietApi({ 'GET /api/news': { body: [article(1), article(2), article(3)] } });
    renderApp('/');
    const news = await screen.findByRole('region', { name: 'Latest from 12Yards' });
    await within(news).findByText('Headline 3');
    expect(within(news).queryByRole('link', { name: 'View All News' })).not.toBeInTheDocument();
    await userEvent.click(within(news).getByRole('button', { name: 'Read More: Headline 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Headline 2' });
    expect(within(dialog).getByText('Full story 2')).toBeInTheDocument();
    expect(within(dialog).getByText('Transfer News')).toBeInTheDocument();
    expect(within(dialog).getByText('January 5, 2025')).toBeInTheDocument();
  });

  it('When there are no articles, then the news empty text shows', async () => {
    quietApi();
    renderApp('/');
    expect(await screen.findByText('No news articles available at the moment.')).toBeInTheDocument();
  });

  it('When FAQs are loading, then 3 placeholder rows show', async () => {
    quietApi({ 'GET /api/faqs': 'pending' });
    renderApp('/');
    expect(await screen.findAllByTestId('faq-skeleton')).toHaveLength(3);
  });

  it('When no FAQs exist, then the two empty texts show', async () => {
    quietApi();
    renderApp('/');
    expect(await screen.findByText('No FAQs available at the moment.')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for answers to common questions!')).toBeInTheDocument();
  });

  it('When FAQs exist, then each question and its answer is a details element of one exclusive group', async () => {
    quietApi({
      'GET /api/faqs': {
        body: [
          {
            id: 'f1',
            question: 'How much does it cost?',
            answer: 'Nothing to start.',
            isActive: true,
            sortOrder: 1,
            createdAt: '',
            updatedAt: '',
          },
          {
            id: 'f2',
            question: 'How long does it take?',
            answer: 'Two to three weeks.',
            isActive: true,
            sortOrder: 2,
            createdAt: '',
            updatedAt: '',
          },
        ],
      },
    });
    renderApp('/');
    // The browser keeps one open at a time (a shared name; journey 17 checks it in chromium). The answers are in
    // the page whether open or not, so they read without JavaScript.
    const q1 = (await screen.findByText('How much does it cost?')).closest('details')!;
    const q2 = screen.getByText('How long does it take?').closest('details')!;
    expect(q1.getAttribute('name')).toBe('faq');
    expect(q2.getAttribute('name')).toBe('faq');
    expect(q1).toHaveTextContent('Nothing to start.');
    expect(q2).toHaveTextContent('Two to three weeks.');
    expect(q1.open).toBe(false);
  });

  it('When Contact is chosen in the navigation, then the contact dialog opens only after 800 ms', async () => {
    jest.useFakeTimers();
    quietApi();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Contact' }));
    act(() => jest.advanceTimersByTime(799));
    expect(screen.queryByRole('dialog', { name: 'Get in Touch' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(await screen.findByRole('dialog', { name: 'Get in Touch' })).toBeInTheDocument();
  });

  it('When For Influencers is chosen in the footer, then the influencer application opens after 800 ms', async () => {
    jest.useFakeTimers();
    quietApi();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderApp('/');
    await user.click(screen.getByRole('link', { name: 'For Influencers' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(800));
    expect(
      await screen.findByRole('dialog', { name: 'Influencer Partnership Application' }),
    ).toBeInTheDocument();
  });

  it('When the mobile menu is toggled and an item chosen, then the menu closes', async () => {
    quietApi();
    renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById('mobile-menu')!;
    await userEvent.click(within(menu).getByRole('link', { name: 'Features' }));
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('When the gallery is still loading, then a spinner shows inside the open dialog', async () => {
    quietApi({
      'GET /api/settings/show_app_gallery': { body: { key: 'show_app_gallery', value: 'true' } },
      'GET /api/app-gallery': 'pending',
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: /App Gallery/ }));
    const dialog = await screen.findByRole('dialog', { name: 'App Gallery' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading screenshots');
  });

  it('When a showcase logo is chosen, then its dialog shows type, location, since, followers and a new-tab website link', async () => {
    quietApi();
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: /Terrace Talk: Fan Community/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Terrace Talk' });
    expect(within(dialog).getByText('Fan Community')).toBeInTheDocument();
    expect(within(dialog).getByText('London, UK')).toBeInTheDocument();
    expect(within(dialog).getByText('Since 2023/2024')).toBeInTheDocument();
    expect(within(dialog).getByText('65,000+ followers')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Visit Website/ })).toHaveAttribute('target', '_blank');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Terrace Talk: Fan Community/ })).toHaveFocus(),
    );
  });
});
