import { adminHeaders, contentHarness, editorHeaders, HOUR } from './harness';
import { PUBLIC_CACHE_CONTROL } from '@12yards/platform';

describe('content service: settings', () => {
  const h = contentHarness();
  /** A change of a setting by an identity (supertest: add .expect(...)). */
  const putSetting = (key: string, body: object, as = adminHeaders) =>
    h.http().put(`/api/admin/settings/${key}`).use(as()).send(body);

  it('When the service has just started, then show_app_gallery is the string true', async () => {
    const res = await h.http().get('/api/settings/show_app_gallery').expect(200);
    expect(res.body).toEqual({
      key: 'show_app_gallery',
      value: 'true',
      description: expect.any(String),
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    await h.http().get('/api/settings/show_app_gallery').set('If-None-Match', res.headers.etag!).expect(304);
  });

  it('When the admin turns the gallery off, then the public value is false and it survives a restart', async () => {
    h.advance(HOUR);
    const res = await putSetting('show_app_gallery', {
      value: 'false',
      description: 'Gallery switch',
    }).expect(200);
    expect(res.body).toMatchObject({
      key: 'show_app_gallery',
      value: 'false',
      description: 'Gallery switch',
      updatedAt: '2026-11-22T11:00:00.000Z',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await h.http().get('/api/settings/show_app_gallery')).body.value).toBe('false');
    await h.svc.stop();
    await h.start(); // the seed must not turn it back on
    expect((await h.http().get('/api/settings/show_app_gallery')).body).toMatchObject({
      value: 'false',
      description: 'Gallery switch',
    });
  });

  it('When a new key is set, then it is readable and listed; an unknown key is 404', async () => {
    await h.http().get('/api/settings/motd').expect(404);
    await h.http().put('/api/admin/settings/motd').use(adminHeaders()).send({ value: 'Hello' }).expect(200);
    expect((await h.http().get('/api/settings/motd')).body).toMatchObject({
      key: 'motd',
      value: 'Hello',
      description: null,
    });
    const list = await h.http().get('/api/admin/settings').use(editorHeaders()).expect(200);
    expect(list.body.map((s: { key: string; value: string }) => [s.key, s.value])).toEqual([
      ['motd', 'Hello'],
      ['show_app_gallery', 'true'],
    ]);
    expect(list.headers['cache-control']).toBe('no-store');
    const missing = await h.http().get('/api/settings/nope').expect(404);
    expect(missing.body.error.code).toBe('not_found');
  });

  it('When the value or key is longer than 255 characters or the value is missing, then 400 and nothing changes', async () => {
    const long = await putSetting('show_app_gallery', { value: 'x'.repeat(256) }).expect(400);
    expect(long.body.error.details).toEqual([
      expect.objectContaining({ path: 'value', message: 'value must be at most 255 characters' }),
    ]);
    await putSetting('show_app_gallery', { value: 'x'.repeat(255) }).expect(200);
    await putSetting('k'.repeat(256), { value: 'v' }).expect(400);
    await putSetting('k'.repeat(255), { value: 'v' }).expect(200);
    const none = await putSetting('show_app_gallery', {}).expect(400);
    expect(none.body.error.details).toEqual([
      expect.objectContaining({ path: 'value', message: 'value is required' }),
    ]);
    expect((await h.http().get('/api/settings/show_app_gallery')).body.value).toBe('x'.repeat(255));
  });

  it('When an editor changes a setting, then 403; without identity, 401; the value stays', async () => {
    await putSetting('show_app_gallery', { value: 'false' }, editorHeaders).expect(403);
    await h.http().put('/api/admin/settings/show_app_gallery').send({ value: 'false' }).expect(401);
    await h.http().get('/api/admin/settings').expect(401);
    expect((await h.http().get('/api/settings/show_app_gallery')).body.value).toBe('true');
  });
});
