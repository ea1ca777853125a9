import '../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TrashItem } from '@12yards/api';
import { sentWrite, failure, mockApi, renderTab, session } from '../test/render';
import { TrashTab } from './TrashTab';

const item = (over: Partial<TrashItem> = {}): TrashItem => ({
  entityType: 'faq',
  id: 'f1',
  label: 'Is it free?',
  trashedAt: '2026-11-24T10:30:00.000Z',
  trashedBy: 'ops',
  purgeAt: '2026-12-24T10:30:00.000Z',
  version: 2,
  ...over,
});
const editor = { ...session, user: { username: 'ed', role: 'editor' as const } };

/** The Trash tab rendered holding `one`; the write `route` (204) empties it. */
function trashWith(one: TrashItem, route: string) {
  let trashed = [one];
  const api = mockApi({
    'GET /api/admin/trash': () => ({ body: trashed }),
    [route]: () => {
      trashed = [];
      return { status: 204 };
    },
  });
  renderTab(<TrashTab />);
  return api;
}

describe('Trash tab', () => {
  test('When loading, then it says Loading trash...; when empty, The trash is empty. and no Empty trash button', async () => {
    mockApi({ 'GET /api/admin/trash': 'pending' });
    const { unmount } = renderTab(<TrashTab />);
    expect(screen.getByText('Loading trash...')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /api/admin/trash': { body: [] } });
    renderTab(<TrashTab />);
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty trash' })).not.toBeInTheDocument();
  });

  test('When items are in the trash, then each shows its type, name, when and by whom, and when it goes for good', async () => {
    mockApi({
      'GET /api/admin/trash': {
        body: [item({ entityType: 'media', id: 'm1', label: 'crest.png', trashedBy: 'admin' }), item()],
      },
    });
    renderTab(<TrashTab />);
    await screen.findByText('crest.png');
    const [media, faq] = screen.getAllByRole('listitem');
    expect(within(media!).getByText('Media file')).toBeInTheDocument();
    expect(media).toHaveTextContent(/Moved to the trash November 24, 2026\D+\d+:30 [AP]M by admin/);
    expect(within(faq!).getByText('FAQ')).toBeInTheDocument();
    expect(within(faq!).getByText('Is it free?')).toBeInTheDocument();
    expect(faq).toHaveTextContent('by ops');
    expect(faq).toHaveTextContent('Deleted for good on December 24, 2026');
  });

  test('When Restore is clicked, then it is POSTed with the CSRF token, a toast confirms and the list is read again', async () => {
    const api = trashWith(item(), 'POST /api/admin/trash/faq/f1/restore');
    await userEvent.click(await screen.findByRole('button', { name: 'Restore FAQ "Is it free?"' }));
    expect(await screen.findByText('FAQ restored successfully')).toBeInTheDocument();
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    expect(api.writes()).toEqual([sentWrite('POST', '/api/admin/trash/faq/f1/restore')]);
  });

  test('When a restore fails, then the Error toast says so and the item stays', async () => {
    mockApi({
      'GET /api/admin/trash': { body: [item()] },
      'POST /api/admin/trash/faq/f1/restore': failure(),
    });
    renderTab(<TrashTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Restore FAQ/ }));
    expect(await screen.findByText('Failed to restore item')).toBeInTheDocument();
    expect(screen.getByText('Is it free?')).toBeInTheDocument();
  });

  test('When the admin deletes one for good, then a confirmation asks first and DELETE is sent only after it', async () => {
    const api = trashWith(
      item({ entityType: 'news', id: 'n1', label: 'Launch' }),
      'DELETE /api/admin/trash/news/n1',
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete for good news article "Launch"' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'This will permanently delete the news article "Launch". This cannot be undone.',
    );
    expect(api.writes()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('Item deleted for good')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      expect.objectContaining({ method: 'DELETE', url: '/api/admin/trash/news/n1' }),
    ]);
  });

  test('When the admin empties the trash and confirms, then DELETE /api/admin/trash is sent; Cancel sends nothing', async () => {
    let trashed = [item(), item({ entityType: 'gallery-item', id: 'g1', label: 'iOS' })];
    const api = mockApi({
      'GET /api/admin/trash': () => ({ body: trashed }),
      'DELETE /api/admin/trash': () => {
        trashed = [];
        return { body: { purged: 2 } };
      },
    });
    renderTab(<TrashTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Empty trash' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(api.writes()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Empty trash' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'This will permanently delete the items in the trash. This cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Empty trash' }));
    expect(await screen.findByText('Trash emptied')).toBeInTheDocument();
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'DELETE', url: '/api/admin/trash' })]);
  });

  test('When an editor opens the trash, then Restore is offered but neither Delete for good nor Empty trash', async () => {
    mockApi({ 'GET /api/admin/trash': { body: [item()] } });
    renderTab(<TrashTab />, { as: editor });
    expect(await screen.findByRole('button', { name: /Restore FAQ/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete for good/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empty trash' })).not.toBeInTheDocument();
  });

  test('When an empty fails, then the Error toast says so', async () => {
    mockApi({ 'GET /api/admin/trash': { body: [item()] }, 'DELETE /api/admin/trash': failure() });
    renderTab(<TrashTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Empty trash' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Empty trash' }),
    );
    await waitFor(() => expect(screen.getByText('Failed to empty the trash')).toBeInTheDocument());
  });
});
