import '../test/setup';
import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderTab, session } from '../test/render';
import { newsArticle } from '../test/fixtures';
import { NewsTab } from './NewsTab';
import { FaqsTab } from './FaqsTab';
import { GalleryTab } from './GalleryTab';
import { MediaTab } from './MediaTab';
import { TemplatesTab } from './TemplatesTab';
import { SettingsTab } from './SettingsTab';

const editor = { ...session, user: { username: 'ed', role: 'editor' as const } };
const REASON = 'This action needs the admin role';
const at = '2025-01-05T10:00:00.000Z';

/** Each tab with a delete an editor may not make: its list, one row of it and the delete button's name. */
const DELETES: { tab: string; ui: ReactElement; list: string; row: unknown; button: RegExp }[] = [
  {
    tab: 'News',
    ui: <NewsTab />,
    list: '/api/admin/news',
    row: newsArticle(),
    button: /Delete news article/,
  },
  {
    tab: 'FAQs',
    ui: <FaqsTab />,
    list: '/api/admin/faqs',
    row: {
      id: 'f1',
      question: 'Free?',
      answer: 'Yes',
      isActive: true,
      sortOrder: 1,
      createdAt: at,
      updatedAt: at,
    },
    button: /Delete FAQ/,
  },
  {
    tab: 'App Gallery',
    ui: <GalleryTab />,
    list: '/api/admin/app-gallery',
    row: {
      id: 'g1',
      imageUrl: '/media/home.png',
      description: 'Home',
      platformName: 'iOS',
      sortOrder: 1,
      isActive: true,
      createdAt: at,
      updatedAt: at,
    },
    button: /Delete screenshot/,
  },
  {
    tab: 'Media',
    ui: <MediaTab />,
    list: '/api/admin/media',
    row: {
      id: 'mf1',
      filename: 'a.png',
      originalName: 'team.png',
      mimeType: 'image/png',
      size: 10,
      url: '/media/a.png',
      altText: null,
      createdAt: at,
    },
    button: /Delete media file/,
  },
  {
    tab: 'Templates',
    ui: <TemplatesTab />,
    list: '/api/admin/contract-templates',
    row: {
      id: 't1',
      name: 'Club',
      fileUrl: '/x',
      fileName: 'c.docx',
      validFromDate: '2025-01-01',
      createdAt: at,
    },
    button: /Delete contract template/,
  },
];

describe('What each role may do', () => {
  test.each(DELETES)(
    'When an editor opens $tab, then its Delete is disabled, says why on a tap and sends nothing',
    async ({ ui, list, row, button }) => {
      const api = mockApi({ [`GET ${list}`]: { body: [row] } });
      renderTab(ui, { as: editor });
      const del = await screen.findByRole('button', { name: button });
      expect(del).toHaveAttribute('aria-disabled', 'true');
      expect(del).toHaveClass('text-destructive');
      expect(del).toHaveAccessibleDescription(REASON);
      await userEvent.click(del);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(REASON);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(api.writes()).toEqual([]);
    },
  );

  test.each(DELETES)(
    'When an admin opens $tab, then its Delete asks to confirm',
    async ({ ui, list, row, button }) => {
      mockApi({ [`GET ${list}`]: { body: [row] } });
      renderTab(ui);
      const del = await screen.findByRole('button', { name: button });
      expect(del).not.toHaveAttribute('aria-disabled');
      await userEvent.click(del);
      expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    },
  );

  test('When an editor opens Settings, then the switch is disabled and the reason is written next to it', async () => {
    mockApi({ 'GET /api/settings/show_app_gallery': { body: { key: 'show_app_gallery', value: 'true' } } });
    renderTab(<SettingsTab />, { as: editor });
    const toggle = await screen.findByRole('switch', { name: 'Show App Gallery' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(REASON);
  });

  test('When the server still refuses an action (403), then the toast shows its own message', async () => {
    mockApi({
      'GET /api/admin/faqs': { body: [DELETES[1]!.row as object] },
      'DELETE /api/admin/faqs/f1': {
        status: 403,
        body: { error: { code: 'forbidden', message: 'This action needs the admin role' } },
      },
    });
    // The session says admin, the server has meanwhile made this user an editor.
    renderTab(<FaqsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Delete FAQ/ }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(`Failed to delete FAQ. ${REASON}`)).toBeInTheDocument();
  });
});
