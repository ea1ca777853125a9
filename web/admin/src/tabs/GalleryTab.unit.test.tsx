import '../test/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, mockApi, renderTab } from '../test/render';
import { shotFixture } from '../test/fixtures';
import { mockXhr, upload } from '../test/xhr';
import { openDialog, pickImage, pressDelete, searchList } from '../test/dialogs';
import { GalleryTab } from './GalleryTab';

const shot = shotFixture;

/** The tab rendered, its Add dialog open and an image picked (its upload waits for the test's answer). */
const addAndPick = async () =>
  pickImage(await openDialog(<GalleryTab />, /Add Screenshot/), 'Screenshot Image');

/** The tab rendered, the screenshot's Edit dialog open and its order retyped as `order`. */
async function editOrder(order: string) {
  renderTab(<GalleryTab />);
  await userEvent.click(await screen.findByRole('button', { name: /Edit screenshot/ }));
  const d = await screen.findByRole('dialog');
  await userEvent.clear(within(d).getByLabelText('Order'));
  await userEvent.type(within(d).getByLabelText('Order'), order);
  return d;
}

describe('App Gallery tab', () => {
  test('When screenshots load, then Found N screenshot(s) and each image with its badges show', async () => {
    mockApi({
      'GET /api/admin/app-gallery': {
        body: [shot(), shot({ id: 'g2', description: 'Auctions', isActive: false, sortOrder: null })],
      },
    });
    renderTab(<GalleryTab />);
    expect(await screen.findByText('Found 2 screenshot(s)')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Home screen' })).toHaveAttribute('src', '/media/home.png');
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('Order: -')).toBeInTheDocument();
  });

  test('When Add Screenshot is sent without an image, then the image is required and nothing is sent', async () => {
    const api = mockApi({ 'GET /api/admin/app-gallery': { body: [] } });
    renderTab(<GalleryTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Add Screenshot/ }));
    const d = await screen.findByRole('dialog');
    expect(within(d).getByLabelText('Screenshot Image')).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/webp,image/gif,image/avif',
    );
    await userEvent.click(within(d).getByRole('button', { name: 'Add Screenshot' }));
    expect(await within(d).findByText('Image URL is required')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  test('When an image is uploaded and saved, then its url is the imageUrl and sortOrder empty is null', async () => {
    const api = mockApi({
      'GET /api/admin/app-gallery': { body: [] },
      'POST /api/admin/app-gallery': { status: 201, body: shot() },
    });
    const xhr = mockXhr();
    const d = await addAndPick();
    expect(xhr[0]!.url).toBe('/api/admin/upload');
    act(() => xhr[0]!.respond(201, upload()));
    expect(await within(d).findByRole('img', { name: 'Screenshot preview' })).toHaveAttribute(
      'src',
      '/media/abc.png',
    );
    await userEvent.type(within(d).getByLabelText('Platform'), 'Android');
    await userEvent.click(within(d).getByRole('button', { name: 'Add Screenshot' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({
      imageUrl: '/media/abc.png',
      platformName: 'Android',
      sortOrder: null,
      isActive: true,
    });
    expect(await screen.findByText('Screenshot added successfully')).toBeInTheDocument();
  });

  test('When the image upload is refused, then Error / Failed to upload image says why', async () => {
    mockApi({ 'GET /api/admin/app-gallery': { body: [] } });
    const xhr = mockXhr();
    await addAndPick();
    const why = 'Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded';
    act(() => xhr[0]!.respond(415, { error: { code: 'unsupported_media_type', message: why } }));
    expect(await screen.findByText(`Failed to upload image. ${why}`)).toBeInTheDocument();
  });

  test('When an edit is saved, then PUT sends the fields, the success toast shows, the dialog closes and the list is read again', async () => {
    const api = mockApi({
      'GET /api/admin/app-gallery': { body: [shot()] },
      'PUT /api/admin/app-gallery/g1': { body: shot({ sortOrder: 5 }) },
    });
    const d = await editOrder('5');
    await userEvent.click(within(d).getByRole('switch', { name: 'Active' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Update Screenshot' }));
    expect(await screen.findByText('Screenshot updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/api/admin/app-gallery/g1',
        body: {
          imageUrl: '/media/home.png',
          description: 'Home screen',
          platformName: 'iOS',
          sortOrder: 5,
          isActive: false,
        },
      }),
    ]);
    expect(api.calls.filter((c) => c.url === '/api/admin/app-gallery')).toHaveLength(2);
  });

  test('When the order is not a whole number, then the edit dialog says so and sends nothing', async () => {
    const api = mockApi({ 'GET /api/admin/app-gallery': { body: [shot()] } });
    const d = await editOrder('1.5');
    await userEvent.click(within(d).getByRole('button', { name: 'Update Screenshot' }));
    expect(await within(d).findByText('must be a whole number')).toBeInTheDocument();
    expect(within(d).getByLabelText('Order')).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes()).toHaveLength(0);
  });

  test('When adding, editing or deleting fails, then the matching screenshot toast shows', async () => {
    const api = mockApi({
      'GET /api/admin/app-gallery': { body: [shot()] },
      'PUT /api/admin/app-gallery/g1': failure(),
      'DELETE /api/admin/app-gallery/g1': failure(),
      'POST /api/admin/app-gallery': failure(),
    });
    renderTab(<GalleryTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Edit screenshot/ }));
    let d = await screen.findByRole('dialog');
    expect(within(d).getByLabelText('Order')).toHaveValue(1);
    await userEvent.click(within(d).getByRole('button', { name: 'Update Screenshot' }));
    expect(await screen.findByText('Failed to update screenshot')).toBeInTheDocument();
    expect(api.writes()[0]).toMatchObject({
      method: 'PUT',
      body: { imageUrl: '/media/home.png', sortOrder: 1, description: 'Home screen' },
    });
    await userEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
    await pressDelete('screenshot');
    expect(await screen.findByText('Failed to delete screenshot')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Add Screenshot/ }));
    d = await screen.findByRole('dialog');
    const xhr = mockXhr();
    await userEvent.upload(
      within(d).getByLabelText('Screenshot Image'),
      new File(['x'], 's.png', { type: 'image/png' }),
    );
    act(() => xhr[0]!.respond(201, upload()));
    await within(d).findByRole('img', { name: 'Screenshot preview' });
    await userEvent.click(within(d).getByRole('button', { name: 'Add Screenshot' }));
    expect(await screen.findByText('Failed to add screenshot')).toBeInTheDocument();
  });

  test('When the admin searches, then only the screenshots whose description or platform match show', async () => {
    await searchList(
      <GalleryTab />,
      '/api/admin/app-gallery',
      [shot(), shot({ id: 'g2', description: 'Match centre', platformName: 'Android' })],
      'Search screenshots',
      'android',
    );
    expect(await screen.findByText('Found 1 screenshot(s)')).toBeInTheDocument();
    expect(screen.getByText('Match centre')).toBeInTheDocument();
    expect(screen.queryByText('Home screen')).not.toBeInTheDocument();
  });
});
