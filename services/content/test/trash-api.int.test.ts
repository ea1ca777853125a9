import { contentTrash } from '../src/trash';
import { adminHeaders, contentHarness, DAY, editorHeaders, HOUR } from './harness';
import { sweepTrash } from '@12yards/workbench';

type Item = { id: string; version: number } & Record<string, unknown>;
const article = (title: string) => ({ title, excerpt: `${title} in short`, content: `${title} in full` });

describe('content service: trash', () => {
  const h = contentHarness();
  const create = async (path: string, body: Record<string, unknown>) =>
    (await h.http().post(path).use(adminHeaders()).send(body).expect(201)).body as Item;
  const faq = (question: string) => create('/api/admin/faqs', { question, answer: 'An answer.' });
  const trash = async () => (await h.http().get('/internal/trash').use(editorHeaders()).expect(200)).body;
  const streamOf = async (streamId: string) =>
    (await h.svc.ctx.infra.eventStore.read(streamId)).map((e) => [e.type, e.meta.actor]);

  it('When a FAQ is deleted, then the public and admin lists lose it, the trash has it, and a restore brings it back as it was', async () => {
    const kept = await faq('Kept?');
    const gone = await faq('Gone?');
    const before = (await h.http().get('/api/admin/faqs').use(adminHeaders()).expect(200)).body;
    h.advance(HOUR);
    await h.http().delete(`/api/admin/faqs/${gone.id}`).use(adminHeaders()).expect(204);

    expect((await h.http().get('/api/faqs').expect(200)).body.map((f: Item) => f.id)).toEqual([kept.id]);
    const admin = await h.http().get('/api/admin/faqs').use(adminHeaders()).expect(200);
    expect(admin.body.map((f: Item) => f.id)).toEqual([kept.id]);
    const items = await trash();
    expect(items).toEqual([
      {
        entityType: 'faq',
        id: gone.id,
        label: 'Gone?',
        trashedAt: '2026-11-22T11:00:00.000Z',
        trashedBy: 'ops',
        purgeAt: '2026-12-22T11:00:00.000Z',
        version: 2,
      },
    ]);
    expect((await h.http().get('/internal/trash').use(adminHeaders())).headers['cache-control']).toBe(
      'no-store',
    );
    // A trashed FAQ cannot be edited or trashed again.
    await h
      .http()
      .put(`/api/admin/faqs/${gone.id}`)
      .use(adminHeaders())
      .send({ question: 'Edited?', answer: 'x' })
      .expect(404);
    await h.http().delete(`/api/admin/faqs/${gone.id}`).use(adminHeaders()).expect(404);

    await h.http().post(`/api/admin/trash/faq/${gone.id}/restore`).use(editorHeaders()).expect(204);
    expect(await trash()).toEqual([]);
    const after = (await h.http().get('/api/admin/faqs').use(adminHeaders()).expect(200)).body;
    expect(after).toEqual(before.map((f: Item) => (f.id === gone.id ? { ...f, version: 3 } : f)));
    expect((await h.http().get('/api/faqs').expect(200)).body.map((f: Item) => f.id)).toEqual([
      kept.id,
      gone.id,
    ]);
    expect(await streamOf(`faq-${gone.id}`)).toEqual([
      ['FaqCreated', 'ops'],
      ['FaqTrashed', 'ops'],
      ['FaqRestored', 'ed'],
    ]);
  });

  it('When a news article is trashed, then the public news lose it; an editor may not purge it, an admin may, for good', async () => {
    const a = await create('/api/news', article('Launch'));
    await h.http().delete(`/api/admin/news/${a.id}`).use(adminHeaders()).expect(204);
    expect((await h.http().get('/api/news').expect(200)).body).toEqual([]);
    expect((await h.http().get('/api/admin/news').use(adminHeaders()).expect(200)).body).toEqual([]);
    expect((await trash()).map((i: Item) => [i.entityType, i.label])).toEqual([['news', 'Launch']]);

    const refused = await h.http().delete(`/api/admin/trash/news/${a.id}`).use(editorHeaders()).expect(403);
    expect(refused.body.error.code).toBe('forbidden');
    const emptyRefused = await h.http().delete('/internal/trash').use(editorHeaders()).expect(403);
    expect(emptyRefused.body.error.code).toBe('forbidden');
    expect(await trash()).toHaveLength(1);

    await h.http().delete(`/api/admin/trash/news/${a.id}`).use(adminHeaders()).expect(204);
    expect(await trash()).toEqual([]);
    expect(await streamOf(`news-${a.id}`)).toEqual([
      ['NewsArticlePublished', 'ops'],
      ['NewsArticleTrashed', 'ops'],
      ['NewsArticleDeleted', 'ops'],
    ]);
    await h.http().post(`/api/admin/trash/news/${a.id}/restore`).use(adminHeaders()).expect(404);
    await h.http().delete(`/api/admin/trash/news/${a.id}`).use(adminHeaders()).expect(404);
  });

  it('When the trash is emptied, then every trashed item of the service is gone for good, newest first before', async () => {
    const shot = await create('/api/admin/app-gallery', { imageUrl: '/media/s.png', platformName: 'iOS' });
    const q = await faq('Old?');
    const n = await create('/api/news', article('Old news'));
    await h.http().delete(`/api/admin/app-gallery/${shot.id}`).use(adminHeaders()).expect(204);
    h.advance(HOUR);
    await h.http().delete(`/api/admin/faqs/${q.id}`).use(adminHeaders()).expect(204);
    h.advance(HOUR);
    await h.http().delete(`/api/admin/news/${n.id}`).use(adminHeaders()).expect(204);
    expect((await h.http().get('/api/app-gallery').expect(200)).body).toEqual([]);
    expect((await trash()).map((i: Item) => [i.entityType, i.label])).toEqual([
      ['news', 'Old news'],
      ['faq', 'Old?'],
      ['gallery-item', 'iOS'],
    ]);
    const res = await h.http().delete('/internal/trash').use(adminHeaders()).expect(200);
    expect(res.body).toEqual({ purged: 3 });
    expect(await trash()).toEqual([]);
    expect((await h.http().get('/api/admin/app-gallery').use(adminHeaders()).expect(200)).body).toEqual([]);
  });

  it('When the sweep runs, then only items trashed more than 30 days ago on the clock are deleted for good', async () => {
    const old = await faq('Old?');
    const recent = await faq('Recent?');
    await h.http().delete(`/api/admin/faqs/${old.id}`).use(adminHeaders()).expect(204);
    h.advance(10 * DAY);
    await h.http().delete(`/api/admin/faqs/${recent.id}`).use(adminHeaders()).expect(204);
    h.advance(20 * DAY); // the old one has lain exactly 30 days: not yet
    expect(await sweepTrash(h.svc.ctx, contentTrash(h.svc.ctx))).toBe(0);
    h.advance(1);
    expect(await sweepTrash(h.svc.ctx, contentTrash(h.svc.ctx))).toBe(1);
    expect((await trash()).map((i: Item) => i.id)).toEqual([recent.id]);
    expect((await streamOf(`faq-${old.id}`)).at(-1)).toEqual(['FaqDeleted', 'trash-sweep']);
  });

  it("When a trash route names another service's or an unknown type, then 404 or 400 JSON", async () => {
    const res = await h.http().post('/api/admin/trash/media/x/restore').use(adminHeaders()).expect(404);
    expect(res.body.error.code).toBe('not_found');
    const bad = await h.http().post('/api/admin/trash/partner/x/restore').use(adminHeaders()).expect(400);
    expect(bad.body.error.code).toBeDefined();
    await h.http().get('/internal/trash').expect(401);
  });
});
