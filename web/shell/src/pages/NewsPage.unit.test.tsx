import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { article, quietApi, renderApp, storeConsent } from '../test/render';

jest.setTimeout(20_000);

describe('/news', () => {
  beforeEach(() => storeConsent());

  it('When news is loading, then 6 placeholders show', async () => {
    quietApi({ 'GET /api/news': 'pending' });
    renderApp('/news');
    expect(await screen.findAllByTestId('news-skeleton')).toHaveLength(6);
  });

  it('When the news request fails, then the error card shows its exact texts', async () => {
    quietApi({ 'GET /api/news': { status: 500, body: { error: { code: 'internal', message: 'x' } } } });
    renderApp('/news');
    expect(await screen.findByText('Error Loading News')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch news data. Please try again later.')).toBeInTheDocument();
  });

  it('When there is no news, then the empty card reads No News Found / No news articles are currently available.', async () => {
    quietApi();
    renderApp('/news');
    expect(await screen.findByText('No News Found')).toBeInTheDocument();
    expect(screen.getByText('No news articles are currently available.')).toBeInTheDocument();
  });

  it('When a category with no articles is chosen, then the filtered empty text names the category', async () => {
    // The filter is the API's: with pages, filtering only the articles loaded so far would hide older ones.
    const { calls } = quietApi({
      'GET /api/news': { body: [article(1, { category: 'transfer-news' })] },
      'GET /api/news?category=match-report': { body: [] },
    });
    renderApp('/news');
    expect(await screen.findByText('Headline 1')).toBeInTheDocument();
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(category).toHaveDisplayValue('All Categories');
    expect(screen.getByRole('option', { name: 'Transfer News' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Tactical Analysis' })).toBeInTheDocument();
    await userEvent.selectOptions(category, 'Match Report');
    expect(await screen.findByText('No News Found')).toBeInTheDocument();
    expect(
      screen.getByText('No articles found in the "Match Report" category. Try changing the filter.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Headline 1')).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/news?category=match-report');
  });

  const page = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => article(from + i, { id: `a${from + i}` }));

  it('When there are more than 20 articles, then Load more (a link to the next page) adds the rest without leaving the page', async () => {
    quietApi({
      'GET /api/news': {
        body: page(1, 20),
        headers: { Link: '</api/news?cursor=c20>; rel="next"' },
      },
      'GET /api/news?cursor=c20': { body: page(21, 25) },
    });
    renderApp('/news');
    expect(await screen.findByText('Headline 20')).toBeInTheDocument();
    expect(screen.queryByText('Headline 21')).not.toBeInTheDocument();
    // The next page is fetched ahead (the link reads 'Loading more news…' meanwhile), so the press appends it at once.
    const more = await screen.findByRole('link', { name: 'Load more' });
    // Without JavaScript (and for crawlers) it is a plain link to the next page's HTML.
    expect(more).toHaveAttribute('href', '/news?cursor=c20');
    await userEvent.click(more);
    expect(await screen.findByText('Headline 25')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Articles' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(page(1, 25).map((a) => a.title));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/news$/);
    // The last page has no next one.
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('When /news?cursor= is opened (the link followed), then that page is listed with a way back to the latest news', async () => {
    const { calls } = quietApi({ 'GET /api/news?cursor=c20': { body: page(21, 25) } });
    renderApp('/news?cursor=c20');
    expect(await screen.findByText('Headline 21')).toBeInTheDocument();
    expect(screen.queryByText('Headline 1')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Latest news' })).toHaveAttribute('href', '/news');
    expect(calls.map((c) => c.url)).toEqual(['/api/news?cursor=c20']);
  });

  it('When articles are listed, then their dates are relative', async () => {
    const now = Date.now();
    quietApi({
      'GET /api/news': {
        body: [
          article(1, { publishDate: new Date(now - 10 * 60_000).toISOString() }),
          article(2, { publishDate: new Date(now - 5 * 3_600_000).toISOString() }),
          article(3, { publishDate: new Date(now - 3 * 86_400_000).toISOString() }),
        ],
      },
    });
    renderApp('/news');
    const list = await screen.findByRole('list', { name: '' }).catch(() => document.body);
    expect(await within(list as HTMLElement).findByText('Just now')).toBeInTheDocument();
    expect(screen.getByText('5 hours ago')).toBeInTheDocument();
    expect(screen.getByText('3 days ago')).toBeInTheDocument();
    expect(document.title).toBe('News | 12Yards');
  });
});
