import '../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderTab } from '../test/render';
import { newsArticle } from '../test/fixtures';
import { FaqsTab } from './FaqsTab';
import { NewsTab } from './NewsTab';
import { StatusTab } from './StatusTab';

const STALE_MESSAGE = 'This item was changed by someone else. Reload to see the latest version.';
const stale = { status: 412, body: { error: { code: 'precondition_failed', message: STALE_MESSAGE } } };

const article = newsArticle({ version: 3 });

describe('An admin edit of something changed meanwhile (If-Match, 412)', () => {
  test('When an article saved with the version read is refused as stale, then the reload message shows and the list is read again', async () => {
    const api = mockApi({ 'GET /api/admin/news': { body: [article] }, 'PUT /api/admin/news/n1': stale });
    renderTab(<NewsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Launch day' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Article' }));
    expect(await screen.findByText(STALE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Failed to update news article')).not.toBeInTheDocument();
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', url: '/api/admin/news/n1' });
    expect(api.writes()[0]!.headers['If-Match']).toBe('"3"');
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.url.startsWith('/api/admin/news?') || c.url === '/api/admin/news'),
      ).toHaveLength(2),
    );
  });

  test('When a FAQ is deleted with a stale version, then the reload message shows instead of the delete failure', async () => {
    const faq = {
      id: 'f1',
      question: 'Q?',
      answer: 'A.',
      isActive: true,
      sortOrder: 0,
      createdAt: '',
      updatedAt: '',
      version: 2,
    };
    const api = mockApi({ 'GET /api/admin/faqs': { body: [faq] }, 'DELETE /api/admin/faqs/f1': stale });
    renderTab(<FaqsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Delete FAQ/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(STALE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Failed to delete FAQ')).not.toBeInTheDocument();
    expect(api.writes()[0]!.headers['If-Match']).toBe('"2"');
  });

  test('When a service status is toggled, then its listed version goes in If-Match; a 412 shows the reload message', async () => {
    const status = {
      id: 's1',
      serviceName: 'Android App',
      status: 'operational',
      description: null,
      lastUpdated: '2025-01-05T10:00:00.000Z',
      createdAt: '2025-01-05T10:00:00.000Z',
      version: 5,
    };
    const api = mockApi({
      'GET /api/service-status': { body: [status] },
      'PUT /api/admin/service-status/s1': stale,
    });
    renderTab(<StatusTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Mark as Issue/ }));
    expect(await screen.findByText(STALE_MESSAGE)).toBeInTheDocument();
    expect(api.writes()[0]).toMatchObject({ body: { status: 'issue' }, headers: { 'If-Match': '"5"' } });
  });
});
