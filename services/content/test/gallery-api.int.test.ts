import { adminHeaders, contentHarness, editorHeaders, HOUR } from './harness';
import { PUBLIC_CACHE_CONTROL } from '@12yards/platform';

type Item = {
  id: string;
  imageUrl: string;
  description: string | null;
  platformName: string | null;
  sortOrder: number | null;
  isActive: boolean;
};
const shot = (n: number, over: Record<string, unknown> = {}) => ({
  imageUrl: `/media/shot-${n}.png`,
  description: `Screen ${n}`,
  platformName: 'iOS',
  ...over,
});

describe('content service: app gallery', () => {
  const h = contentHarness();
  const add = async (body: Record<string, unknown>) =>
    (await h.http().post('/api/admin/app-gallery').use(editorHeaders()).send(body).expect(201)).body as Item;

  it('When items are added, then the public list has active ones by sortOrder (one without an order last) in the public shape only', async () => {
    await add(shot(1, { sortOrder: 2 }));
    await add(shot(2, { sortOrder: '1' }));
    await add(shot(3, { sortOrder: 0, isActive: false }));
    const fourth = await add({ imageUrl: '/media/shot-4.png', sortOrder: null });
    expect(fourth).toEqual({
      id: expect.any(String),
      imageUrl: '/media/shot-4.png',
      description: null,
      platformName: null,
      sortOrder: null,
      isActive: true,
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
      version: 1,
    });
    const res = await h.http().get('/api/app-gallery').expect(200);
    expect(res.body).toEqual([
      { id: expect.any(String), imageUrl: '/media/shot-2.png', description: 'Screen 2', platformName: 'iOS' },
      { id: expect.any(String), imageUrl: '/media/shot-1.png', description: 'Screen 1', platformName: 'iOS' },
      { id: fourth.id, imageUrl: '/media/shot-4.png', description: null, platformName: null },
    ]);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    await h.http().get('/api/app-gallery').set('If-None-Match', res.headers.etag!).expect(304);
    const admin = await h.http().get('/api/admin/app-gallery').use(adminHeaders()).expect(200);
    expect(admin.body.map((i: Item) => [i.imageUrl, i.sortOrder, i.isActive])).toEqual([
      ['/media/shot-3.png', 0, false],
      ['/media/shot-2.png', 1, true],
      ['/media/shot-1.png', 2, true],
      ['/media/shot-4.png', null, true],
    ]);
    expect(admin.headers['cache-control']).toBe('no-store');
  });

  it('When an item is edited, then it moves, hides and shows as told', async () => {
    const a = await add(shot(1, { sortOrder: 1 }));
    await add(shot(2, { sortOrder: 2 }));
    h.advance(HOUR);
    const res = await h
      .http()
      .put(`/api/admin/app-gallery/${a.id}`)
      .use(editorHeaders())
      .send(shot(1, { sortOrder: 3, platformName: 'Android' }))
      .expect(200);
    expect(res.body).toMatchObject({
      id: a.id,
      sortOrder: 3,
      platformName: 'Android',
      updatedAt: '2026-11-22T11:00:00.000Z',
    });
    expect((await h.http().get('/api/app-gallery')).body.map((i: Item) => i.imageUrl)).toEqual([
      '/media/shot-2.png',
      '/media/shot-1.png',
    ]);
    await h
      .http()
      .put(`/api/admin/app-gallery/${a.id}`)
      .use(adminHeaders())
      .send(shot(1, { isActive: false }))
      .expect(200);
    expect((await h.http().get('/api/app-gallery')).body.map((i: Item) => i.imageUrl)).toEqual([
      '/media/shot-2.png',
    ]);
  });

  it('When the input is wrong, then 400 with the issues and nothing is written', async () => {
    const res = await h
      .http()
      .post('/api/admin/app-gallery')
      .use(adminHeaders())
      .send({ sortOrder: 'top', isActive: 'no' })
      .expect(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'imageUrl',
      'isActive',
      'sortOrder',
    ]);
    await h
      .http()
      .post('/api/admin/app-gallery')
      .use(adminHeaders())
      .send(shot(1, { sortOrder: 0.5 }))
      .expect(400);
    expect((await h.http().get('/api/admin/app-gallery').use(adminHeaders())).body).toEqual([]);
  });

  it('When an admin removes an item, then it is gone; an editor gets 403; unknown ids are 404', async () => {
    const a = await add(shot(1));
    await h.http().delete(`/api/admin/app-gallery/${a.id}`).use(editorHeaders()).expect(403);
    await h.http().delete(`/api/admin/app-gallery/${a.id}`).use(adminHeaders()).expect(204);
    expect((await h.http().get('/api/app-gallery')).body).toEqual([]);
    await h.http().delete(`/api/admin/app-gallery/${a.id}`).use(adminHeaders()).expect(404);
    await h.http().put('/api/admin/app-gallery/nope').use(adminHeaders()).send(shot(1)).expect(404);
  });

  it('When the admin identity is missing, then every admin gallery route answers 401', async () => {
    const a = await add(shot(1));
    await h.http().get('/api/admin/app-gallery').expect(401);
    await h.http().post('/api/admin/app-gallery').send(shot(2)).expect(401);
    await h.http().put(`/api/admin/app-gallery/${a.id}`).send(shot(2)).expect(401);
    await h.http().delete(`/api/admin/app-gallery/${a.id}`).expect(401);
    expect((await h.http().get('/api/app-gallery')).body).toHaveLength(1);
  });
});
