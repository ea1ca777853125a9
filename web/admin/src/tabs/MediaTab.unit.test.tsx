import '../test/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mediaFileFixture } from '../test/fixtures';
import { CSRF, failure, mockApi, renderTab } from '../test/render';
import { mockXhr, upload } from '../test/xhr';
import { openDialog, pickImage, pressDelete } from '../test/dialogs';
import { MediaTab } from './MediaTab';
import { NewsTab } from './NewsTab';

const file = mediaFileFixture;

/** The Media tab with its Add Media File dialog open; with shot.png picked (its upload waits for the answer). */
const openAdd = () => openDialog(<MediaTab />, /Add Media File/);
const openAndPick = async () => pickImage(await openAdd(), 'File');

describe('Media tab', () => {
  test('When files load, then name, type, size in KB, an image preview for images and a View link show', async () => {
    mockApi({
      'GET /api/admin/media': {
        body: [
          file(),
          file({
            id: 'mf2',
            originalName: 'terms.pdf',
            mimeType: 'application/pdf',
            size: 1024,
            url: '/media/t.pdf',
          }),
        ],
      },
    });
    renderTab(<MediaTab />);
    const img = (await screen.findByText('team-photo.png')).closest('li')!;
    expect(within(img).getByText('image/png')).toBeInTheDocument();
    expect(within(img).getByText('50.0 KB')).toBeInTheDocument();
    expect(within(img).getByRole('img', { name: 'The team' })).toHaveAttribute('src', '/media/abc.png');
    expect(within(img).getByRole('link', { name: /View/ })).toHaveAttribute('href', '/media/abc.png');
    const pdf = screen.getByText('terms.pdf').closest('li')!;
    expect(within(pdf).getByText('1.0 KB')).toBeInTheDocument();
    expect(within(pdf).queryByRole('img')).not.toBeInTheDocument();
  });

  test('When Add Media File is sent with no file, then it asks for one (no fields to fill by hand) and nothing is sent', async () => {
    const api = mockApi({ 'GET /api/admin/media': { body: [] } });
    const d = await openAdd();
    await userEvent.click(within(d).getByRole('button', { name: 'Add Media File' }));
    expect(await within(d).findByText('Choose or drop a file to upload first.')).toBeInTheDocument();
    expect(within(d).queryByLabelText(/^Filename/)).not.toBeInTheDocument();
    expect(within(d).queryByLabelText(/^MIME Type/)).not.toBeInTheDocument();
    expect(within(d).queryByLabelText(/^Size/)).not.toBeInTheDocument();
    expect(within(d).queryByLabelText(/^URL/)).not.toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  test('When a file is uploaded, then progress shows, its name, type and size are read from it, and POST /api/admin/media gets them', async () => {
    const api = mockApi({
      'GET /api/admin/media': { body: [] },
      'POST /api/admin/media': { status: 201, body: file() },
    });
    const xhr = mockXhr();
    const d = await openAndPick();
    expect(xhr[0]).toMatchObject({ method: 'POST', url: '/api/admin/upload', withCredentials: true });
    expect(xhr[0]!.headers['X-CSRF-Token']).toBe(CSRF);
    expect(xhr[0]!.form.get('file')).toBeInstanceOf(File);
    act(() => xhr[0]!.progress(40, 100));
    expect(within(d).getByRole('progressbar')).toBeInTheDocument();
    expect(within(d).getByText('Uploading... 40%')).toBeInTheDocument();
    act(() => xhr[0]!.respond(201, upload()));
    const read = await within(d).findByLabelText('Uploaded file');
    expect(within(read).getByText('shot.png')).toBeInTheDocument();
    expect(within(read).getByText('image/png')).toBeInTheDocument();
    expect(within(read).getByText('2.0 KB')).toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: 'Add Media File' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({
      filename: 'abc.png',
      originalName: 'shot.png',
      mimeType: 'image/png',
      size: 2048,
      url: '/media/abc.png',
    });
    expect(await screen.findByText('Media file created successfully')).toBeInTheDocument();
  });

  test('When the upload is refused, then Error / Failed to upload image says why and no file is shown', async () => {
    mockApi({ 'GET /api/admin/media': { body: [] } });
    const xhr = mockXhr();
    const d = await openAndPick();
    const why = 'Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded';
    act(() => xhr[0]!.respond(415, { error: { code: 'unsupported_media_type', message: why } }));
    expect(await screen.findByText(`Failed to upload image. ${why}`)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(within(d).queryByLabelText('Uploaded file')).not.toBeInTheDocument();
  });

  test('When a .txt file is chosen, then it is refused before sending, saying only images can be uploaded', async () => {
    mockApi({ 'GET /api/admin/media': { body: [] } });
    const xhr = mockXhr();
    const user = userEvent.setup({ applyAccept: false });
    renderTab(<MediaTab />);
    await user.click(await screen.findByRole('button', { name: /Add Media File/ }));
    const d = await screen.findByRole('dialog');
    await user.upload(within(d).getByLabelText('File'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(
      await screen.findByText(
        'Failed to upload image. notes.txt is text/plain: only PNG, JPEG, WebP, GIF and AVIF images can be uploaded',
      ),
    ).toBeInTheDocument();
    expect(xhr).toHaveLength(0);
  });

  test('When an image is dropped on the file area, then it is uploaded as if picked', async () => {
    mockApi({ 'GET /api/admin/media': { body: [] } });
    const xhr = mockXhr();
    const d = await openAdd();
    const zone = within(d).getByText('Choose a file or drop it here.').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'shot.png', { type: 'image/png' })] } });
    await waitFor(() => expect(xhr).toHaveLength(1));
    act(() => xhr[0]!.respond(201, upload()));
    expect(await within(d).findByLabelText('Uploaded file')).toBeInTheDocument();
  });

  test('When the picker opens, then it offers only the image types the server takes', async () => {
    mockApi({ 'GET /api/admin/media': { body: [] } });
    const d = await openAdd();
    expect(within(d).getByLabelText('File')).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/webp,image/gif,image/avif',
    );
  });

  test('When the upload fails on the server (500), then the toast says Failed to upload image alone', async () => {
    mockApi({ 'GET /api/admin/media': { body: [] } });
    const xhr = mockXhr();
    await openAndPick();
    act(() => xhr[0]!.respond(500, { error: { code: 'internal', message: 'boom' } }));
    expect(await screen.findByText('Failed to upload image')).toBeInTheDocument();
  });

  test('When creating fails, then Failed to create media file shows; delete after confirming failing shows Failed to delete media file', async () => {
    mockApi({
      'GET /api/admin/media': { body: [file()] },
      'POST /api/admin/media': failure(),
      'DELETE /api/admin/media/mf1': failure(),
    });
    const d = await openAdd();
    const xhr = mockXhr();
    await userEvent.upload(within(d).getByLabelText('File'), new File(['x'], 'a.png', { type: 'image/png' }));
    act(() => xhr[0]!.respond(201, upload()));
    await within(d).findByLabelText('Uploaded file');
    await userEvent.click(within(d).getByRole('button', { name: 'Add Media File' }));
    expect(await screen.findByText('Failed to create media file')).toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
    await pressDelete('media file');
    expect(await screen.findByText('Failed to delete media file')).toBeInTheDocument();
  });

  test('When an image is uploaded for a news article, then the media library lists it without a reload', async () => {
    let library: unknown[] = [];
    mockApi({ 'GET /api/admin/media': () => ({ body: library }), 'GET /api/admin/news': { body: [] } });
    const xhr = mockXhr();
    // The library and the news tab side by side, as the admin switches between them.
    const dialog = await openDialog(
      <>
        <MediaTab />
        <NewsTab />
      </>,
      /Add Article/,
    );
    expect(await screen.findByText('No media files yet.')).toBeInTheDocument();
    await pickImage(dialog, 'Upload Image', 'derby.png');
    expect(xhr[0]!.url).toBe('/api/upload');
    // The server put the upload in the library as it stored it.
    library = [file({ id: 'u1', originalName: 'derby.png', url: '/media/u1.png', altText: null })];
    act(() => xhr[0]!.respond(201, upload({ url: '/media/u1.png', originalName: 'derby.png' })));
    await within(dialog).findByRole('img', { name: 'Image preview' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('img', { name: 'derby.png' })).toHaveAttribute('src', '/media/u1.png');
    expect(screen.queryByText('No media files yet.')).not.toBeInTheDocument();
  }, 15_000);
});
