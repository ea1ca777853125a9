import '../test/setup';
import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { deleteFromList } from '../test/dialogs';
import { faqFixture, mediaFileFixture, newsArticle, shotFixture, templateFixture } from '../test/fixtures';
import { FaqsTab } from './FaqsTab';
import { GalleryTab } from './GalleryTab';
import { MediaTab } from './MediaTab';
import { NewsTab } from './NewsTab';
import { TemplatesTab } from './TemplatesTab';

/** A row's Delete, the same kit confirm on every tab that lists one resource: what it is called, its toast, its row. */
const tabs: {
  name: string;
  tab: ReactElement;
  path: string;
  row: { id: string };
  what: string;
  done: string;
  stays: () => HTMLElement;
}[] = [
  {
    name: 'News',
    tab: <NewsTab />,
    path: '/api/admin/news',
    row: newsArticle({ featured: true, published: false }),
    what: 'news article',
    done: 'News article moved to the trash',
    stays: () => screen.getByText('Launch day'),
  },
  {
    name: 'FAQs',
    tab: <FaqsTab />,
    path: '/api/admin/faqs',
    row: faqFixture(),
    what: 'FAQ',
    done: 'FAQ moved to the trash',
    stays: () => screen.getByText('Is it free?'),
  },
  {
    name: 'Media',
    tab: <MediaTab />,
    path: '/api/admin/media',
    row: mediaFileFixture(),
    what: 'media file',
    done: 'Media file moved to the trash',
    stays: () => screen.getByText('team-photo.png'),
  },
  {
    name: 'App Gallery',
    tab: <GalleryTab />,
    path: '/api/admin/app-gallery',
    row: shotFixture(),
    what: 'screenshot',
    done: 'Screenshot moved to the trash',
    stays: () => screen.getByRole('img', { name: 'Home screen' }),
  },
  {
    name: 'Templates',
    tab: <TemplatesTab />,
    path: '/api/admin/contract-templates',
    row: templateFixture(),
    what: 'contract template',
    done: 'Contract template deleted successfully',
    stays: () => screen.getByText('Standard club contract'),
  },
];

describe.each(tabs)('$name tab', ({ tab, path, row, what, done, stays }) => {
  test('When delete is confirmed and succeeds, then the success toast shows and the list is read again', async () => {
    const api = await deleteFromList(tab, path, [row], what, 'Delete', {
      [`DELETE ${path}/${row.id}`]: { status: 204 },
    });
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'DELETE', url: `${path}/${row.id}` })]);
    expect(api.calls.filter((c) => c.url === path)).toHaveLength(2);
  });

  test('When delete is cancelled, then nothing is sent and the row stays', async () => {
    const api = await deleteFromList(tab, path, [row], what, 'Cancel');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.writes()).toHaveLength(0);
    expect(stays()).toBeInTheDocument();
  });
});
