import request from 'supertest';
import { mediaService } from '../src/definition';
import { storeUpload } from '../src/upload/store';
import { admin, makePng } from './helpers';
import { startTestService, type TestService } from '@12yards/platform/testing';

// Image work on a shared 2-core machine can be slow.
jest.setTimeout(30_000);

type Entry = { id: string; originalName: string; url: string; uploadedBy: string | null; createdAt: string };

/**
 * Images uploaded before every upload got its library entry (issue 27 item 6) are in the library once the service
 * has started again: such an upload is the stored file and its MediaUploaded with no MediaFileAdded, which is what
 * storeUpload alone records (the upload routes add the entry after it).
 */
describe('uploads made before the media library listed every upload', () => {
  let svc: TestService<'objects'>;
  let png: Buffer;
  beforeAll(async () => (png = await makePng(64, 48)));
  beforeEach(
    async () =>
      (svc = await startTestService(mediaService, { clock: () => new Date('2025-03-01T09:00:00Z') })),
  );
  afterEach(() => svc?.stop());

  const library = async () =>
    (await request(svc.app).get('/api/admin/media').use(admin()).expect(200)).body as Entry[];
  const earlierUpload = (name: string) =>
    storeUpload(svc.ctx, { buffer: png, originalname: name }, { username: 'ops' });

  it('When the service starts again, then each earlier upload is listed once, named, dated and by whom, as if just uploaded', async () => {
    const old = await earlierUpload('derby-old.png');
    expect(await library()).toEqual([]);

    svc = await svc.restart();
    const id = old.filename.replace('.png', '');
    expect(await library()).toEqual([
      expect.objectContaining({
        id,
        originalName: 'derby-old.png',
        url: old.url,
        uploadedBy: 'ops',
        createdAt: '2025-03-01T09:00:00.000Z',
      }),
    ]);

    // A second start adds nothing more.
    svc = await svc.restart();
    expect(await library()).toHaveLength(1);
  });

  it('When an earlier upload is already in the library (added by hand, or in the trash), then a start adds no second entry', async () => {
    const described = await earlierUpload('crest.png');
    const trashed = await earlierUpload('kit.png');
    // Before every upload had its entry, the Media tab's Add Media File listed an upload under an id of its own.
    const added = await request(svc.app)
      .post('/api/admin/media')
      .use(admin())
      .send({
        filename: described.filename,
        originalName: 'crest.png',
        mimeType: 'image/png',
        size: described.size,
        url: described.url,
        altText: 'The crest',
      })
      .expect(201);
    svc = await svc.restart();
    const kit = (await library()).find((e) => e.url === trashed.url)!;
    await request(svc.app).delete(`/api/admin/media/${kit.id}`).use(admin()).expect(204);

    svc = await svc.restart();
    const entries = await library();
    expect(entries.map((e) => e.url)).toEqual([described.url]);
    expect(entries[0]!.id).toBe((added.body as Entry).id);
  });
});
