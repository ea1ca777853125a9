import '../test/setup';
import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { failure, mockApi, renderTab } from '../test/render';
import { ContactsTab } from '../tabs/ContactsTab';
import { FaqsTab } from '../tabs/FaqsTab';
import { GalleryTab } from '../tabs/GalleryTab';
import { MediaTab } from '../tabs/MediaTab';
import { NewsTab } from '../tabs/NewsTab';
import { SettingsTab } from '../tabs/SettingsTab';
import { StatusTab } from '../tabs/StatusTab';
import { TemplatesTab } from '../tabs/TemplatesTab';
import { TrashTab } from '../tabs/TrashTab';

/**
 * The states every list of the admin shows with its SPEC texts (one table for the resource kit's list and the
 * tabs not yet on it): while loading, with no rows, and when reading fails (the error card). A null empty text:
 * the tab has no empty state.
 */
const TABS: [
  tab: string,
  render: () => ReactElement,
  read: string,
  loading: string,
  empty: string | RegExp | null,
  failed: string,
][] = [
  [
    'News',
    () => <NewsTab />,
    '/api/admin/news',
    'Loading news...',
    /No news articles yet/,
    'Failed to load news',
  ],
  [
    'FAQs',
    () => <FaqsTab />,
    '/api/admin/faqs',
    'Loading FAQs...',
    'No FAQs yet. Add the first one.',
    'Failed to load FAQs',
  ],
  [
    'App Gallery',
    () => <GalleryTab />,
    '/api/admin/app-gallery',
    'Loading app gallery...',
    'No screenshots uploaded yet.',
    'Failed to load the app gallery',
  ],
  [
    'Media',
    () => <MediaTab />,
    '/api/admin/media',
    'Loading media...',
    'No media files yet.',
    'Failed to load media',
  ],
  [
    'Templates',
    () => <TemplatesTab />,
    '/api/admin/contract-templates',
    'Loading templates...',
    'No contract templates',
    'Failed to load contract templates',
  ],
  [
    'Messages',
    () => <ContactsTab />,
    '/api/contacts',
    'Loading contacts...',
    'No contacts found',
    'Failed to load contacts',
  ],
  [
    'Service Status',
    () => <StatusTab />,
    '/api/service-status',
    'Loading service statuses...',
    'No services found',
    'Failed to load service statuses',
  ],
  [
    'Settings',
    () => <SettingsTab />,
    '/api/settings/show_app_gallery',
    'Loading settings...',
    null,
    'Failed to load settings',
  ],
  [
    'Trash',
    () => <TrashTab />,
    '/api/admin/trash',
    'Loading trash...',
    'The trash is empty.',
    'Failed to load the trash',
  ],
];

describe.each(TABS)('%s list states', (_tab, tab, read, loading, empty, failed) => {
  test(`When loading, then it says ${loading}`, () => {
    mockApi({ [`GET ${read}`]: 'pending' });
    renderTab(tab());
    expect(screen.getByText(loading)).toBeInTheDocument();
  });

  if (empty !== null) {
    test(`When there are none, then it says ${String(empty)}`, async () => {
      mockApi({ [`GET ${read}`]: { body: [] } });
      renderTab(tab());
      expect(await screen.findByText(empty)).toBeInTheDocument();
    });
  }

  test(`When reading fails, then the error card says ${failed}`, async () => {
    mockApi({ [`GET ${read}`]: failure() });
    renderTab(tab());
    expect(await screen.findByText(failed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
