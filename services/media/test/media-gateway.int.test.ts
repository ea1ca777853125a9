import request from 'supertest';
import { startStack, TEST_EDITOR, type Stack } from '@12yards/gateway/testing';
import { contentService } from '../../content/src/definition';
import { mediaService } from '../src/definition';
import { binary, eventually, makePng } from './helpers';

jest.setTimeout(30_000);

// The way a browser reaches the service: through the gateway, with a session cookie and a CSRF token for writes.
describe('media service through the gateway', () => {
  let stack: Stack;
  let png: Buffer;

  beforeAll(async () => {
    png = await makePng(640, 480);
    stack = await startStack({ services: [contentService, mediaService] });
  });
  afterAll(async () => stack.stop());

  it('When nobody is logged in, then uploads and the library answer 401', async () => {
    for (const path of ['/api/upload', '/api/admin/upload']) {
      await request(stack.app)
        .post(path)
        .attach('file', png, { filename: 'a.png', contentType: 'image/png' })
        .expect(401);
    }
    await request(stack.app).get('/api/admin/media').expect(401);
    await request(stack.app).delete('/api/admin/media/x').expect(401);
  });

  it('When a logged-in admin uploads without the CSRF token, then the gateway refuses it', async () => {
    const { agent } = await stack.login();
    const res = await agent
      .post('/api/upload')
      .attach('file', png, { filename: 'a.png', contentType: 'image/png' });
    expect(res.status).toBe(403);
  });

  it('When an admin uploads and files the image, then anyone can fetch it and only an admin can delete it', async () => {
    const { agent, csrf } = await stack.login();
    const up = await agent
      .post('/api/upload')
      .set('X-CSRF-Token', csrf)
      .attach('file', png, { filename: 'crest.png', contentType: 'image/png' })
      .expect(201);
    expect(up.body).toMatchObject({ mimeType: 'image/png', size: png.length, originalName: 'crest.png' });

    // Public, byte for byte, cacheable; a variant via ?w=; a revalidation is a 304.
    const file = await request(stack.app).get(up.body.url).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(file.body as Buffer, png)).toBe(0);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(stack.app)
      .get(up.body.url)
      .set('If-None-Match', file.headers.etag as string)
      .expect(304);
    const part = await request(stack.app)
      .get(up.body.url)
      .set('Range', 'bytes=0-7')
      .buffer(true)
      .parse(binary)
      .expect(206);
    expect(Buffer.compare(part.body as Buffer, png.subarray(0, 8))).toBe(0);
    const small = await request(stack.app).get(`${up.body.url}?w=480`).expect(200);
    expect(small.headers['content-type']).toBe('image/webp');

    const { filename, originalName, mimeType, size, url } = up.body;
    const added = await agent
      .post('/api/admin/media')
      .set('X-CSRF-Token', csrf)
      .send({ filename, originalName, mimeType, size, url, altText: 'Crest' })
      .expect(201);
    expect(added.body).toMatchObject({ url, altText: 'Crest', uploadedBy: 'admin' });
    const list = await agent.get('/api/admin/media').expect(200);
    expect(list.body.map((m: { id: string }) => m.id)).toContain(added.body.id);

    const editor = await stack.login(TEST_EDITOR);
    await editor.agent
      .delete(`/api/admin/media/${added.body.id}`)
      .set('X-CSRF-Token', editor.csrf)
      .expect(403);
    await agent.delete(`/api/admin/media/${added.body.id}`).set('X-CSRF-Token', csrf).expect(204);
    await request(stack.app).get(up.body.url).expect(404);
  });
  it('When a news article shows an uploaded image, then it is in the media library, and deleting that entry does not delete the file', async () => {
    const { agent, csrf } = await stack.login();
    const up = (
      await agent
        .post('/api/upload')
        .set('X-CSRF-Token', csrf)
        .attach('file', png, { filename: 'derby.png', contentType: 'image/png' })
        .expect(201)
    ).body;
    await agent
      .post('/api/news')
      .set('X-CSRF-Token', csrf)
      .send({ title: 'Derby day', excerpt: 'A win', content: 'Three points.', imageUrl: up.url })
      .expect(201);
    const uploadId = up.filename.split('.')[0];
    const refs = stack.services.media!.ctx.infra.readModels.collection<{ id: string; uploadId: string }>(
      'media_refs',
    );
    await eventually(async () => expect(await refs.count({ uploadId })).toBe(1));

    // The article's image is in the library without anyone adding it there (issue 27 item 6).
    const library = (await agent.get('/api/admin/media').expect(200)).body as { id: string; url: string }[];
    expect(library).toEqual([
      expect.objectContaining({ id: uploadId, url: up.url, originalName: 'derby.png', uploadedBy: 'admin' }),
    ]);
    await agent.delete(`/api/admin/media/${uploadId}`).set('X-CSRF-Token', csrf).expect(204);
    await request(stack.app).get(up.url).expect(200);
  });
});
