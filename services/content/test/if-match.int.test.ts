import { adminHeaders, contentHarness } from './harness';
import { STALE_ANSWER } from '@12yards/platform/testing';

const article = (title: string) => ({ title, excerpt: 'Excerpt', content: 'Text of the article.' });
const faq = (question: string) => ({ question, answer: 'An answer.', isActive: true, sortOrder: 1 });
const shot = (description: string) => ({
  imageUrl: '/media/x.png',
  description,
  platformName: 'iOS',
  sortOrder: 1,
  isActive: true,
});

describe('content service: admin edits with If-Match', () => {
  const h = contentHarness();

  describe.each([
    {
      what: 'a news article',
      create: ['post', '/api/news'],
      list: '/api/admin/news',
      path: '/api/admin/news',
      body: article,
    },
    {
      what: 'a FAQ',
      create: ['post', '/api/admin/faqs'],
      list: '/api/admin/faqs',
      path: '/api/admin/faqs',
      body: faq,
    },
    {
      what: 'a gallery item',
      create: ['post', '/api/admin/app-gallery'],
      list: '/api/admin/app-gallery',
      path: '/api/admin/app-gallery',
      body: shot,
    },
  ] as const)('$what', ({ create, list, path, body }) => {
    const make = async () => {
      const res = await h.http()[create[0]](create[1]).use(adminHeaders()).send(body('First')).expect(201);
      expect(res.headers.etag).toBe('"1"');
      expect(res.body.version).toBe(1);
      return res.body as { id: string };
    };
    /** The admin's save of the item under If-Match: "<version>" (supertest: add .expect(...)). */
    const saveAt = (id: string, version: number, title: string) =>
      h.http().put(`${path}/${id}`).set('If-Match', `"${version}"`).use(adminHeaders()).send(body(title));
    const listed = async (id: string) => {
      const rows = (await h.http().get(list).use(adminHeaders()).expect(200)).body as Array<{ id: string }>;
      return rows.find((r) => r.id === id) as Record<string, unknown>;
    };

    it('When the admin saves with the version it read, then 200, the new version as ETag, and the list shows it', async () => {
      const { id } = await make();
      const res = await saveAt(id, 1, 'Second').expect(200);
      expect(res.headers.etag).toBe('"2"');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.version).toBe(2);
      expect(await listed(id)).toMatchObject({ version: 2 });
    });

    it('When the admin saves with a stale version, then 412 with the reload message and nothing is written', async () => {
      const { id } = await make();
      await h.http().put(`${path}/${id}`).use(adminHeaders()).send(body('Someone else')).expect(200);
      const res = await saveAt(id, 1, 'Mine').expect(412);
      expect(res.body).toEqual(STALE_ANSWER);
      expect(await listed(id)).toMatchObject({ version: 2 });
      expect(JSON.stringify(await listed(id))).toContain('Someone else');
    });

    it('When the admin deletes with a stale version, then 412 and the item stays; with the current one, 204', async () => {
      const { id } = await make();
      await h.http().put(`${path}/${id}`).use(adminHeaders()).send(body('Changed')).expect(200);
      await h.http().delete(`${path}/${id}`).set('If-Match', '"1"').use(adminHeaders()).expect(412);
      expect(await listed(id)).toBeDefined();
      await h.http().delete(`${path}/${id}`).set('If-Match', '"2"').use(adminHeaders()).expect(204);
      expect(await listed(id)).toBeUndefined();
    });
  });

  it('When a setting is read by the admin, then its version is the ETag; a stale If-Match on PUT is 412', async () => {
    const saveSetting = (etag: string, value: string) =>
      h
        .http()
        .put('/api/admin/settings/show_app_gallery')
        .set('If-Match', etag)
        .use(adminHeaders())
        .send({ value });
    const first = await h.http().get('/api/admin/settings/show_app_gallery').use(adminHeaders()).expect(200);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"\d+"$/);
    const saved = await saveSetting(etag, 'false').expect(200);
    expect(saved.headers.etag).toBe(`"${Number(JSON.parse(etag)) + 1}"`);
    const stale = await saveSetting(etag, 'true').expect(412);
    expect(stale.body).toEqual(STALE_ANSWER);
    expect((await h.http().get('/api/settings/show_app_gallery').expect(200)).body.value).toBe('false');
  });

  it('When a PUT carries no If-Match, then it is applied as before (last write wins)', async () => {
    const { id } = (await h.http().post('/api/news').use(adminHeaders()).send(article('A')).expect(201)).body;
    await h.http().put(`/api/admin/news/${id}`).use(adminHeaders()).send(article('B')).expect(200);
    const res = await h
      .http()
      .put(`/api/admin/news/${id}`)
      .use(adminHeaders())
      .send(article('C'))
      .expect(200);
    expect(res.body).toMatchObject({ title: 'C', version: 3 });
  });

  it('When a public list is read, then its items carry no version', async () => {
    await h.http().post('/api/news').use(adminHeaders()).send(article('Public')).expect(201);
    const [item] = (await h.http().get('/api/news').expect(200)).body;
    expect(item.version).toBeUndefined();
  });
});
