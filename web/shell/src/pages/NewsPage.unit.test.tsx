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
    quietApi({ 'GET /api/news': { body: [article(1, { category: 'transfer-news' })] } });
    renderApp('/news');
    expect(await screen.findByText('Headline 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    expect(screen.getByRole('option', { name: 'All Categories' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Transfer News' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Tactical Analysis' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Match Report' }));
    expect(await screen.findByText('No News Found')).toBeInTheDocument();
    expect(
      screen.getByText('No articles found in the "Match Report" category. Try changing the filter.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Headline 1')).not.toBeInTheDocument();
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
