import '../test/setup';
import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderTab } from '../test/render';
import { MediaTab } from './MediaTab';
import { TemplatesTab } from './TemplatesTab';

const media = (originalName: string) => ({
  id: originalName,
  filename: originalName,
  originalName,
  mimeType: 'application/pdf',
  size: 1024,
  url: `/media/${originalName}`,
  createdAt: '2025-01-05T10:00:00.000Z',
  version: 1,
});
const template = (name: string) => ({
  id: name,
  name,
  fileUrl: '/x',
  fileName: `${name}.docx`,
  validFromDate: '2025-01-01',
  createdAt: '2025-01-05T10:00:00.000Z',
  version: 1,
});

// Issue 27 item 9: the paged lists of the Media and Templates tabs are searched by the server (q), as News is.
describe.each<[string, () => ReactElement, string, string, (name: string) => object, string]>([
  ['Media', () => <MediaTab />, '/api/admin/media', 'Search media', media, 'media files'],
  [
    'Templates',
    () => <TemplatesTab />,
    '/api/admin/contract-templates',
    'Search templates',
    template,
    'templates',
  ],
])('%s tab search', (_tab, tab, path, box, row, plural) => {
  test('When words are typed, then the server is asked with q and lists what it found; none found says so, Clear filters shows all', async () => {
    const api = mockApi({
      [`GET ${path}`]: ({ url }) => {
        const q = new URL(url, 'http://x').searchParams.get('q');
        if (!q) return { body: [row('crest'), row('kit')] };
        return { body: q === 'kit' ? [row('kit')] : [] };
      },
    });
    renderTab(tab());
    expect(await screen.findAllByText(/crest/)).not.toHaveLength(0);
    await userEvent.type(screen.getByRole('searchbox', { name: box }), 'kit');
    await waitFor(() => expect(screen.queryAllByText(/crest/)).toHaveLength(0));
    expect(screen.getAllByText(/kit/).length).toBeGreaterThan(0);
    expect(api.calls.some((c) => c.url === `${path}?q=kit`)).toBe(true);
    await userEvent.type(screen.getByRole('searchbox', { name: box }), ' boots');
    expect(await screen.findByText(`No ${plural} match "kit boots".`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findAllByText(/crest/)).not.toHaveLength(0);
  });
});
