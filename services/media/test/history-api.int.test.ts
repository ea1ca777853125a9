import request from 'supertest';
import { activityResponse, historyResponse, type UploadResult } from '@12yards/api';
import { mediaService } from '../src/definition';
import { admin, editor, makePng } from './helpers';
import { startTestService, type TestService } from '@12yards/platform/testing';

describe('media service: history and activity', () => {
  let svc: TestService;
  beforeEach(async () => (svc = await startTestService(mediaService)));
  afterEach(() => svc.stop());

  it('When an uploaded file is added to the library and deleted, then the entry has a history and the upload stays out of the feed', async () => {
    const uploaded = (
      await request(svc.app)
        .post('/api/admin/upload')
        .use(editor())
        .attach('file', await makePng(), { filename: 'crest.png', contentType: 'image/png' })
        .expect(201)
    ).body as UploadResult;
    const { filename, originalName, mimeType, size, url } = uploaded;
    const entry = (
      await request(svc.app)
        .post('/api/admin/media')
        .use(editor())
        .send({ filename, originalName, mimeType, size, url, altText: 'Club crest' })
        .expect(201)
    ).body as { id: string };
    await request(svc.app).delete(`/api/admin/media/${entry.id}`).use(admin()).expect(204);

    const res = await request(svc.app).get(`/api/admin/history/media/${entry.id}`).use(editor()).expect(200);
    const history = historyResponse.parse(res.body);
    expect(history.map((e) => [e.actor, e.summary])).toEqual([
      // In the library once uploaded; the editor's alt text, given when adding it there, is a change of its own.
      ['writer', 'Added'],
      ['writer', 'Alt text changed'],
      ['ops', 'Moved to trash'],
    ]);
    expect(history[0]!.changes).toMatchObject({ originalName: { from: null, to: 'crest.png' } });
    expect(history[1]!.changes).toEqual({ altText: { from: null, to: 'Club crest' } });
    expect(history[0]!.changes).not.toHaveProperty('uploadId');

    const feed = activityResponse.parse(
      (await request(svc.app).get('/internal/activity?actor=writer').use(admin()).expect(200)).body,
    );
    // The upload by the same editor is bookkeeping of this service: only the library entry shows.
    expect(feed.map((e) => [e.entityType, e.entityId, e.entityLabel, e.service])).toEqual([
      ['media', entry.id, 'crest.png', 'media'],
      ['media', entry.id, 'crest.png', 'media'],
    ]);
  });
});
