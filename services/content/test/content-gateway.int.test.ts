import request from 'supertest';
import { startStack, TEST_EDITOR, type Stack } from '@12yards/gateway/testing';
import { contentService } from '../src/definition';
import { article } from './harness';

const MINUTE = 60_000;

describe('content service through the gateway', () => {
  let stack: Stack;
  let now: number;
  beforeEach(async () => {
    now = Date.parse('2026-11-22T09:00:00.000Z');
    stack = await startStack({ services: [contentService], clock: () => new Date(now) });
  });
  afterEach(async () => stack.stop());

  const visitor = () => request(stack.app);

  it('When nobody is logged in, then every admin content route answers 401 and nothing changes', async () => {
    const calls: [string, string][] = [
      ['POST', '/api/news'],
      ['GET', '/api/admin/news'],
      ['PUT', '/api/admin/news/x'],
      ['DELETE', '/api/admin/news/x'],
      ['GET', '/api/admin/faqs'],
      ['POST', '/api/admin/faqs'],
      ['PUT', '/api/admin/faqs/x'],
      ['DELETE', '/api/admin/faqs/x'],
      ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings/show_app_gallery'],
      ['GET', '/api/admin/app-gallery'],
      ['POST', '/api/admin/app-gallery'],
      ['PUT', '/api/admin/app-gallery/x'],
      ['DELETE', '/api/admin/app-gallery/x'],
    ];
    for (const [method, path] of calls) {
      const res = await visitor()[method.toLowerCase() as 'get'](path).send({ value: 'false' });
      expect([method, path, res.status]).toEqual([method, path, 401]);
      expect(res.body.error.code).toBe('unauthorized');
    }
    expect((await visitor().get('/api/settings/show_app_gallery').expect(200)).body.value).toBe('true');
    expect((await visitor().get('/api/news').expect(200)).body).toEqual([]);
  });

  it('When an admin publishes news, then visitors see published articles once their date has come, drafts never', async () => {
    const { agent, csrf } = await stack.login();
    await agent.post('/api/news').set('X-CSRF-Token', csrf).send(article('Now')).expect(201);
    await agent
      .post('/api/news')
      .set('X-CSRF-Token', csrf)
      .send(article('Draft', { published: false }))
      .expect(201);
    const later = new Date(now + 20 * MINUTE).toISOString();
    const scheduled = (
      await agent
        .post('/api/news')
        .set('X-CSRF-Token', csrf)
        .send(article('Later', { publishDate: later }))
        .expect(201)
    ).body;
    const titles = async () =>
      (await visitor().get('/api/news').expect(200)).body.map((a: { title: string }) => a.title);
    expect(await titles()).toEqual(['Now']);
    now += 21 * MINUTE;
    expect(await titles()).toEqual(['Later', 'Now']);
    const admin = await agent.get('/api/admin/news').expect(200);
    expect(admin.body).toHaveLength(3);
    expect(admin.headers['cache-control']).toBe('no-store');
    await agent
      .put(`/api/admin/news/${scheduled.id}`)
      .set('X-CSRF-Token', csrf)
      .send(article('Later, edited'))
      .expect(200);
    await agent.delete(`/api/admin/news/${scheduled.id}`).set('X-CSRF-Token', csrf).expect(204);
    expect(await titles()).toEqual(['Now']);
  });

  it('When a public list is fetched again with its ETag through the gateway, then 304', async () => {
    const first = await visitor().get('/api/faqs').expect(200);
    expect(first.headers.etag).toEqual(expect.any(String));
    await visitor().get('/api/faqs').set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('When an admin manages FAQs, the gallery and the gallery switch, then visitors see the result', async () => {
    const { agent, csrf } = await stack.login();
    const faq = (
      await agent
        .post('/api/admin/faqs')
        .set('X-CSRF-Token', csrf)
        .send({ question: 'Free?', answer: 'Yes', sortOrder: '1' })
        .expect(201)
    ).body;
    await agent
      .post('/api/admin/faqs')
      .set('X-CSRF-Token', csrf)
      .send({ question: 'Hidden?', answer: 'Yes', isActive: false })
      .expect(201);
    await agent
      .put(`/api/admin/faqs/${faq.id}`)
      .set('X-CSRF-Token', csrf)
      .send({ question: 'Free?', answer: 'Always' })
      .expect(200);
    expect((await visitor().get('/api/faqs')).body.map((f: { answer: string }) => f.answer)).toEqual([
      'Always',
    ]);
    expect((await agent.get('/api/admin/faqs').expect(200)).body).toHaveLength(2);
    await agent.delete(`/api/admin/faqs/${faq.id}`).set('X-CSRF-Token', csrf).expect(204);
    expect((await visitor().get('/api/faqs')).body).toEqual([]);

    const item = (
      await agent
        .post('/api/admin/app-gallery')
        .set('X-CSRF-Token', csrf)
        .send({ imageUrl: '/media/a.png', platformName: 'iOS', sortOrder: null })
        .expect(201)
    ).body;
    await agent
      .put(`/api/admin/app-gallery/${item.id}`)
      .set('X-CSRF-Token', csrf)
      .send({ imageUrl: '/media/b.png', sortOrder: 2 })
      .expect(200);
    expect((await visitor().get('/api/app-gallery')).body).toEqual([
      { id: item.id, imageUrl: '/media/b.png', description: null, platformName: null },
    ]);
    expect((await agent.get('/api/admin/app-gallery').expect(200)).body[0]).toMatchObject({
      sortOrder: 2,
      isActive: true,
    });
    await agent.delete(`/api/admin/app-gallery/${item.id}`).set('X-CSRF-Token', csrf).expect(204);
    expect((await visitor().get('/api/app-gallery')).body).toEqual([]);

    await agent
      .put('/api/admin/settings/show_app_gallery')
      .set('X-CSRF-Token', csrf)
      .send({ value: 'false', description: 'Gallery' })
      .expect(200);
    expect((await visitor().get('/api/settings/show_app_gallery')).body).toMatchObject({
      value: 'false',
      description: 'Gallery',
    });
    expect(
      (await agent.get('/api/admin/settings').expect(200)).body.map((s: { key: string }) => s.key),
    ).toEqual(['show_app_gallery']);
  });

  it('When an editor is logged in, then content can be edited but deletes and settings answer 403', async () => {
    const { agent, csrf } = await stack.login(TEST_EDITOR);
    const faq = (
      await agent
        .post('/api/admin/faqs')
        .set('X-CSRF-Token', csrf)
        .send({ question: 'Q', answer: 'A' })
        .expect(201)
    ).body;
    await agent.delete(`/api/admin/faqs/${faq.id}`).set('X-CSRF-Token', csrf).expect(403);
    await agent
      .put('/api/admin/settings/show_app_gallery')
      .set('X-CSRF-Token', csrf)
      .send({ value: 'false' })
      .expect(403);
    expect((await visitor().get('/api/faqs')).body).toHaveLength(1);
    expect((await visitor().get('/api/settings/show_app_gallery')).body.value).toBe('true');
  });

  it('When a logged-in write comes without the CSRF token, then it is refused and nothing is written', async () => {
    const { agent } = await stack.login();
    const res = await agent.post('/api/news').send(article('No token'));
    expect(res.status).toBe(403);
    expect((await agent.get('/api/admin/news').expect(200)).body).toEqual([]);
  });
});
