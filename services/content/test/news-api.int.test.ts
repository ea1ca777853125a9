import { adminHeaders, contentHarness, DAY, editorHeaders, HOUR } from './harness';
import { PUBLIC_CACHE_CONTROL } from '@12yards/platform';

const article = (over: Record<string, unknown> = {}) => ({
  title: 'Season kick-off',
  excerpt: 'The app opens for the new season',
  content: 'All the details of the launch.',
  ...over,
});
type Article = { id: string; title: string; publishDate: string; category: string; published: boolean };
const titles = (list: Article[]) => list.map((a) => a.title);

describe('content service: news', () => {
  const h = contentHarness();
  const create = async (over: Record<string, unknown> = {}) =>
    (await h.http().post('/api/news').use(adminHeaders()).send(article(over)).expect(201)).body as Article;

  it('When an article is created with only the required fields, then the defaults are applied', async () => {
    const res = await h.http().post('/api/news').use(editorHeaders()).send(article()).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      ...article(),
      category: 'general',
      imageUrl: null,
      publishDate: '2026-11-22T10:00:00.000Z',
      featured: false,
      published: true,
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
      version: 1,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(titles((await h.http().get('/api/news').expect(200)).body)).toEqual(['Season kick-off']);
  });

  it('When an article is a draft, then the public list hides it and the admin list shows it', async () => {
    await create({ title: 'Public one' });
    await create({ title: 'Draft one', published: false });
    expect(titles((await h.http().get('/api/news')).body)).toEqual(['Public one']);
    const admin = await h.http().get('/api/admin/news').use(adminHeaders()).expect(200);
    expect(titles(admin.body).sort()).toEqual(['Draft one', 'Public one']);
    expect(admin.headers['cache-control']).toBe('no-store');
  });

  it('When an article is dated in the future, then it appears publicly only once that time has come', async () => {
    await create({ title: 'Scheduled', publishDate: '2026-11-23T09:00:00.000Z' });
    expect(titles((await h.http().get('/api/news')).body)).toEqual([]);
    expect(titles((await h.http().get('/api/admin/news').use(adminHeaders())).body)).toEqual(['Scheduled']);
    h.advance(23 * HOUR - 1); // 2026-11-23T08:59:59.999Z
    expect(titles((await h.http().get('/api/news')).body)).toEqual([]);
    h.advance(1);
    expect(titles((await h.http().get('/api/news')).body)).toEqual(['Scheduled']);
  });

  it('When several articles exist, then the public list is newest first, filtered by ?category= and cut by ?limit=', async () => {
    await create({ title: 'Oldest', publishDate: '2026-11-01', category: 'transfer-news' });
    await create({ title: 'Middle', publishDate: '2026-11-10', category: 'match-report' });
    await create({ title: 'Newest', publishDate: '2026-11-20', category: 'transfer-news' });
    await create({ title: 'Created now' });
    expect(titles((await h.http().get('/api/news')).body)).toEqual([
      'Created now',
      'Newest',
      'Middle',
      'Oldest',
    ]);
    expect(titles((await h.http().get('/api/news?category=transfer-news')).body)).toEqual([
      'Newest',
      'Oldest',
    ]);
    expect(titles((await h.http().get('/api/news?limit=2')).body)).toEqual(['Created now', 'Newest']);
    expect(titles((await h.http().get('/api/news?category=transfer-news&limit=1')).body)).toEqual(['Newest']);
  });

  it('When the list query is wrong, then 400 names the field', async () => {
    const cat = await h.http().get('/api/news?category=gossip').expect(400);
    expect(cat.body.error.details).toEqual([expect.objectContaining({ path: 'category' })]);
    const lim = await h.http().get('/api/news?limit=lots').expect(400);
    expect(lim.body.error.details).toEqual([
      expect.objectContaining({ path: 'limit', message: 'must be a number' }),
    ]);
  });

  it('When the public list has not changed, then a request with its ETag gets 304', async () => {
    await create();
    const first = await h.http().get('/api/news').expect(200);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers.etag).toEqual(expect.any(String));
    await h.http().get('/api/news').set('If-None-Match', first.headers.etag!).expect(304);
    await create({ title: 'Another' });
    const changed = await h.http().get('/api/news').set('If-None-Match', first.headers.etag!).expect(200);
    // Same publishDate: the later one comes first.
    expect(titles(changed.body)).toEqual(['Another', 'Season kick-off']);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('When an article is edited, then the change shows, the publishDate is kept when not sent, and drafts leave the public list', async () => {
    const a = await create({ category: 'update', imageUrl: '/media/a.png' });
    h.advance(HOUR);
    const res = await h
      .http()
      .put(`/api/admin/news/${a.id}`)
      .use(editorHeaders())
      .send(article({ title: 'Kick-off moved', category: 'update', featured: true }))
      .expect(200);
    expect(res.body).toMatchObject({
      id: a.id,
      title: 'Kick-off moved',
      featured: true,
      imageUrl: null,
      publishDate: a.publishDate,
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T11:00:00.000Z',
    });
    expect(titles((await h.http().get('/api/news')).body)).toEqual(['Kick-off moved']);
    await h
      .http()
      .put(`/api/admin/news/${a.id}`)
      .use(adminHeaders())
      .send(article({ published: false }))
      .expect(200);
    expect((await h.http().get('/api/news')).body).toEqual([]);
  });

  it('When an admin deletes an article, then it is gone from both lists; an editor gets 403', async () => {
    const a = await create();
    await h.http().delete(`/api/admin/news/${a.id}`).use(editorHeaders()).expect(403);
    expect(titles((await h.http().get('/api/news')).body)).toEqual(['Season kick-off']);
    await h.http().delete(`/api/admin/news/${a.id}`).use(adminHeaders()).expect(204);
    expect((await h.http().get('/api/news')).body).toEqual([]);
    expect((await h.http().get('/api/admin/news').use(adminHeaders())).body).toEqual([]);
    await h.http().delete(`/api/admin/news/${a.id}`).use(adminHeaders()).expect(404);
  });

  it('When the id is unknown, then edit and delete answer 404', async () => {
    const put = await h.http().put('/api/admin/news/nope').use(adminHeaders()).send(article()).expect(404);
    expect(put.body.error.code).toBe('not_found');
    await h.http().delete('/api/admin/news/nope').use(adminHeaders()).expect(404);
  });

  it('When required fields are missing or a value is wrong, then 400 carries the zod issues and nothing is written', async () => {
    const res = await h
      .http()
      .post('/api/news')
      .use(adminHeaders())
      .send({ title: '  ', category: 'gossip', publishDate: 'someday', featured: 'yes' })
      .expect(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(
      ['category', 'content', 'excerpt', 'featured', 'publishDate', 'title'].sort(),
    );
    expect(res.body.error.details.find((d: { path: string }) => d.path === 'title').message).toBe(
      'Title is required',
    );
    expect((await h.http().get('/api/admin/news').use(adminHeaders())).body).toEqual([]);
    expect(await h.svc.ctx.infra.eventStore.lastPosition()).toBe(1); // only the seeded setting
  });

  it('When the admin identity is missing or forged, then every admin news route answers 401', async () => {
    const a = await create();
    await h.http().post('/api/news').send(article()).expect(401);
    await h.http().get('/api/admin/news').expect(401);
    await h.http().put(`/api/admin/news/${a.id}`).send(article()).expect(401);
    await h.http().delete(`/api/admin/news/${a.id}`).expect(401);
    await h
      .http()
      .get('/api/admin/news')
      .set({ 'x-admin-identity': 'e30', 'x-admin-signature': 'forged' })
      .expect(401);
    expect(titles((await h.http().get('/api/news')).body)).toEqual(['Season kick-off']);
  });

  it('When a public filter category is used on an article, then it is accepted', async () => {
    for (const category of [
      'general',
      'announcement',
      'update',
      'feature',
      'transfer-news',
      'match-report',
      'tactical-analysis',
    ]) {
      await create({ title: category, category, publishDate: new Date(h.now - DAY).toISOString() });
    }
    expect(
      (await h.http().get('/api/news?category=tactical-analysis')).body.map((a: Article) => a.category),
    ).toEqual(['tactical-analysis']);
  });
});
