import '../test/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSRF, failure, mockApi, renderTab } from '../test/render';
import { newsArticle } from '../test/fixtures';
import { mockXhr, upload } from '../test/xhr';
import { deleteFromList, openDialog, pickImage, pressDelete, retype } from '../test/dialogs';
import { NewsTab } from './NewsTab';

const article = newsArticle({ featured: true, published: false });

/** Opens Add Article and fills the required fields (Hello, Short, Long); POST /api/news answers `post`. */
async function openFilledCreate(
  post: Parameters<typeof mockApi>[0][string] = { status: 201, body: article },
) {
  const api = mockApi({ 'GET /api/admin/news': { body: [] }, 'POST /api/news': post });
  renderTab(<NewsTab />);
  await userEvent.click(await screen.findByRole('button', { name: /Add Article/ }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Hello');
  await userEvent.type(within(dialog).getByLabelText(/^Excerpt/), 'Short');
  await userEvent.type(within(dialog).getByLabelText(/^Content/), 'Long');
  return { api, dialog };
}

/** The tab rendered, its Add dialog open and an image picked (its upload waits for the test's answer). */
const addAndPick = async () =>
  pickImage(await openDialog(<NewsTab />, /Add Article/), 'Upload Image', 'a.png');

describe('News tab', () => {
  test('When articles load, then title, excerpt, Featured, Draft and category badges show', async () => {
    mockApi({
      'GET /api/admin/news': {
        body: [article, { ...article, id: 'n2', title: 'Second', featured: false, published: true }],
      },
    });
    renderTab(<NewsTab />);
    const first = (await screen.findByText('Launch day')).closest('li')!;
    expect(within(first).getByText('The app is live')).toBeInTheDocument();
    expect(within(first).getByText('Featured')).toBeInTheDocument();
    expect(within(first).getByText('Draft')).toBeInTheDocument();
    expect(within(first).getByText('Announcement')).toBeInTheDocument();
    const second = screen.getByText('Second').closest('li')!;
    expect(within(second).getByText('Published')).toBeInTheDocument();
    expect(within(second).queryByText('Featured')).not.toBeInTheDocument();
  });

  test('When the create form is sent empty, then the schema messages show and nothing is sent', async () => {
    const api = mockApi({ 'GET /api/admin/news': { body: [] } });
    renderTab(<NewsTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Add Article/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Show this article as featured')).toBeInTheDocument();
    expect(within(dialog).getByText('Make this article public')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Excerpt is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Content is required')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  test('When a filled article is created, then POST /api/news gets it with the CSRF token and defaults', async () => {
    const { api, dialog } = await openFilledCreate();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const [post] = api.writes();
    expect(post!.url).toBe('/api/news');
    expect(post!.headers['X-CSRF-Token']).toBe(CSRF);
    expect(post!.body).toMatchObject({
      title: 'Hello',
      excerpt: 'Short',
      content: 'Long',
      category: 'general',
      featured: false,
      published: true,
    });
    expect(await screen.findByText('News article created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('When creating fails, then the toast Error / Failed to create news article shows and the dialog stays', async () => {
    const { dialog } = await openFilledCreate(failure());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
    expect(await screen.findByText('Failed to create news article')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test('When an article is edited, then PUT /api/admin/news/:id is sent; failure shows its toast', async () => {
    const api = mockApi({ 'GET /api/admin/news': { body: [article] }, 'PUT /api/admin/news/n1': failure() });
    renderTab(<NewsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Launch day' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Launch day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Article' }));
    expect(await screen.findByText('Failed to update news article')).toBeInTheDocument();
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', url: '/api/admin/news/n1' });
  });

  test('When an edit is saved, then PUT sends the change, the success toast shows, the dialog closes and the list is read again', async () => {
    const api = mockApi({
      'GET /api/admin/news': { body: [article] },
      'PUT /api/admin/news/n1': { body: { ...article, title: 'Launch week' } },
    });
    renderTab(<NewsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Launch day' }));
    const dialog = await screen.findByRole('dialog');
    await retype(within(dialog).getByLabelText(/^Title/), 'Launch week');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Article' }));
    expect(await screen.findByText('News article updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()[0]).toMatchObject({
      method: 'PUT',
      url: '/api/admin/news/n1',
      body: { title: 'Launch week', excerpt: 'The app is live', category: 'announcement' },
    });
    expect(api.calls.filter((c) => c.url === '/api/admin/news')).toHaveLength(2);
  });

  test('When Delete is confirmed, then DELETE is sent; cancelling sends nothing; failure shows its toast', async () => {
    const api = await deleteFromList(<NewsTab />, '/api/admin/news', [article], 'news article', 'Cancel', {
      'DELETE /api/admin/news/n1': failure(),
    });
    expect(api.writes()).toHaveLength(0);
    await pressDelete('news article');
    expect(await screen.findByText('Failed to delete news article')).toBeInTheDocument();
    expect(api.writes()[0]).toMatchObject({ method: 'DELETE', url: '/api/admin/news/n1' });
  });

  test('When an image is uploaded, then a progress bar shows, then the preview, and the url goes with the article', async () => {
    const api = mockApi({
      'GET /api/admin/news': { body: [] },
      'POST /api/news': { status: 201, body: article },
    });
    const xhr = mockXhr();
    const dialog = await addAndPick();
    expect(xhr[0]!.url).toBe('/api/upload');
    act(() => xhr[0]!.progress(1, 2));
    expect(within(dialog).getByRole('progressbar')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Article' })).toBeDisabled();
    act(() => xhr[0]!.respond(201, upload({ url: '/media/news.png' })));
    expect(await within(dialog).findByRole('img', { name: 'Image preview' })).toHaveAttribute(
      'src',
      '/media/news.png',
    );
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'T');
    await userEvent.type(within(dialog).getByLabelText(/^Excerpt/), 'E');
    await userEvent.type(within(dialog).getByLabelText(/^Content/), 'C');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Featured' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Published' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toMatchObject({
      imageUrl: '/media/news.png',
      featured: true,
      published: false,
    });
  });

  test('When the image upload is refused (too large), then Error / Failed to upload image says why', async () => {
    mockApi({ 'GET /api/admin/news': { body: [] } });
    const xhr = mockXhr();
    await addAndPick();
    act(() =>
      xhr[0]!.respond(413, {
        error: { code: 'payload_too_large', message: 'The file is larger than 10 MB' },
      }),
    );
    expect(
      await screen.findByText('Failed to upload image. The file is larger than 10 MB'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  describe('publishing: now, draft or scheduled', () => {
    const future = '2099-05-01T09:30:00';
    test('When the list has a published article dated to come, then it shows Scheduled for its date and time, not Published', async () => {
      mockApi({
        'GET /api/admin/news': {
          body: [
            {
              ...article,
              id: 'n3',
              title: 'Later',
              published: true,
              publishDate: '2099-05-01T09:30:00.000Z',
            },
            article,
          ],
        },
      });
      renderTab(<NewsTab />);
      const later = (await screen.findByText('Later')).closest('li')!;
      const when = new Date('2099-05-01T09:30:00.000Z').toLocaleString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
      expect(within(later).getByText(`Scheduled for ${when}`)).toBeInTheDocument();
      expect(within(later).queryByText('Published')).not.toBeInTheDocument();
      expect(within(screen.getByText('Launch day').closest('li')!).getByText('Draft')).toBeInTheDocument();
    });

    test('When the editor picks Schedule and a time to come, then the article is sent published with that time', async () => {
      const { api, dialog } = await openFilledCreate();
      expect(within(dialog).getByRole('radio', { name: 'Publish now' })).toBeChecked();
      expect(within(dialog).queryByLabelText(/^Publish at/)).not.toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Schedule' }));
      fireEvent.change(within(dialog).getByLabelText(/^Publish at/), { target: { value: future } });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
      await waitFor(() => expect(api.writes()).toHaveLength(1));
      expect(api.writes()[0]!.body).toMatchObject({
        title: 'Hello',
        published: true,
        publishDate: new Date(future).toISOString(),
      });
      expect(api.writes()[0]!.body).not.toHaveProperty('publishMode');
      expect(api.writes()[0]!.body).not.toHaveProperty('publishAt');
    });

    test('When Schedule has no time or a past one, then the form says so and sends nothing', async () => {
      const { api, dialog } = await openFilledCreate();
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Schedule' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
      expect(await within(dialog).findByText('Choose the date and time to publish')).toBeInTheDocument();
      fireEvent.change(within(dialog).getByLabelText(/^Publish at/), {
        target: { value: '2020-01-01T10:00:00' },
      });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
      expect(await within(dialog).findByText('The publish time must be in the future')).toBeInTheDocument();
      expect(api.writes()).toHaveLength(0);
    });

    test('When the editor picks Save as draft, then the Published switch goes off and the article is sent unpublished', async () => {
      const { api, dialog } = await openFilledCreate();
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Save as draft' }));
      expect(within(dialog).getByRole('switch', { name: 'Published' })).not.toBeChecked();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create Article' }));
      await waitFor(() => expect(api.writes()).toHaveLength(1));
      expect(api.writes()[0]!.body).toMatchObject({ published: false });
    });

    test('When a scheduled article is edited to Publish now, then it is sent published and dated now', async () => {
      const scheduled = { ...article, published: true, publishDate: new Date(future).toISOString() };
      const api = mockApi({
        'GET /api/admin/news': { body: [scheduled] },
        'PUT /api/admin/news/n1': { body: scheduled },
      });
      renderTab(<NewsTab />);
      await userEvent.click(await screen.findByRole('button', { name: 'Edit Launch day' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('radio', { name: 'Schedule' })).toBeChecked();
      // The browser writes whole minutes without their seconds.
      expect(within(dialog).getByLabelText(/^Publish at/)).toHaveValue('2099-05-01T09:30');
      const before = Date.now();
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Publish now' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Update Article' }));
      await waitFor(() => expect(api.writes()).toHaveLength(1));
      const body = api.writes()[0]!.body as { published: boolean; publishDate: string };
      expect(body.published).toBe(true);
      expect(Date.parse(body.publishDate)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(body.publishDate)).toBeLessThanOrEqual(Date.now());
    });
  });
});
