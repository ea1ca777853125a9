import request from 'supertest';
import sharp from 'sharp';
import { historyResponse, trashResponse, type TrashItem } from '@12yards/api';
import { fanOutRoutes, INTERNAL_PREFIX } from '@12yards/api/src/routes';
import { contentService } from '@12yards/content/src/definition';
import { mediaService } from '@12yards/media/src/definition';
import { startStack, TEST_EDITOR, type Stack } from '../src/testing';

jest.setTimeout(60_000);

type Agent = Awaited<ReturnType<Stack['login']>>;

/** The trash through the gateway: the whole trash fanned out to content and media, an item's routes proxied. */
describe('trash through the gateway', () => {
  let stack: Stack;
  let admin: Agent;
  let editor: Agent;
  let now: number;

  beforeEach(async () => {
    now = Date.parse('2026-11-24T09:00:00.000Z');
    stack = await startStack({ services: [contentService, mediaService], clock: () => new Date(now) });
    admin = await stack.login();
    editor = await stack.login(TEST_EDITOR);
  });
  afterEach(async () => stack.stop());

  const visitor = () => request(stack.app);
  const questions = async () =>
    (await visitor().get('/api/faqs').expect(200)).body.map((f: { question: string }) => f.question);
  const trash = async (who: Agent) =>
    trashResponse.parse((await who.agent.get('/api/admin/trash').expect(200)).body);
  const addFaq = async (question: string) =>
    (
      await admin.agent
        .post('/api/admin/faqs')
        .set('X-CSRF-Token', admin.csrf)
        .send({ question, answer: 'An answer.' })
        .expect(201)
    ).body as { id: string };
  const addMedia = async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const uploaded = (
      await admin.agent
        .post('/api/admin/upload')
        .set('X-CSRF-Token', admin.csrf)
        .attach('file', png, { filename: 'crest.png', contentType: 'image/png' })
        .expect(201)
    ).body;
    const entry = (
      await admin.agent
        .post('/api/admin/media')
        .set('X-CSRF-Token', admin.csrf)
        .send({ ...uploaded, altText: null })
        .expect(201)
    ).body as { id: string };
    return { ...entry, url: uploaded.url as string };
  };

  it('When a FAQ is deleted, then it leaves /api/faqs, is in the trash, an editor restores it, it is back, and its history shows all three with actors', async () => {
    const faq = await addFaq('Is it free?');
    expect(await questions()).toEqual(['Is it free?']); // the gateway now keeps this answer
    now += 60_000;
    await admin.agent.delete(`/api/admin/faqs/${faq.id}`).set('X-CSRF-Token', admin.csrf).expect(204);
    expect(await questions()).toEqual([]);
    const items = await trash(editor);
    expect(items).toEqual([
      {
        entityType: 'faq',
        id: faq.id,
        label: 'Is it free?',
        trashedAt: '2026-11-24T09:01:00.000Z',
        trashedBy: 'admin',
        purgeAt: '2026-12-24T09:01:00.000Z',
        version: 2,
      },
    ]);

    now += 60_000;
    await editor.agent
      .post(`/api/admin/trash/faq/${faq.id}/restore`)
      .set('X-CSRF-Token', editor.csrf)
      .expect(204);
    expect(await questions()).toEqual(['Is it free?']);
    expect(await trash(admin)).toEqual([]);

    const history = historyResponse.parse(
      (await admin.agent.get(`/api/admin/history/faq/${faq.id}`).expect(200)).body,
    );
    expect(history.map((e) => [e.type, e.actor])).toEqual([
      ['FaqCreated', 'admin'],
      ['FaqTrashed', 'admin'],
      ['FaqRestored', 'editor'],
    ]);
    expect(history.map((e) => e.summary).slice(1)).toEqual(['Moved to trash', 'Restored from trash']);
  });

  it('When items of both services are trashed, then the trash merges them newest first; an editor cannot empty it, the admin can', async () => {
    const faq = await addFaq('Old question?');
    const media = await addMedia();
    await admin.agent.delete(`/api/admin/faqs/${faq.id}`).set('X-CSRF-Token', admin.csrf).expect(204);
    now += 60_000;
    await admin.agent.delete(`/api/admin/media/${media.id}`).set('X-CSRF-Token', admin.csrf).expect(204);
    await visitor().get(media.url).expect(404); // a trashed entry's file is not served

    const items = await trash(editor);
    expect(items.map((i: TrashItem) => [i.entityType, i.label])).toEqual([
      ['media', 'crest.png'],
      ['faq', 'Old question?'],
    ]);

    const refused = await editor.agent
      .delete('/api/admin/trash')
      .set('X-CSRF-Token', editor.csrf)
      .expect(403);
    expect(refused.body.error.code).toBe('forbidden');
    const one = await editor.agent
      .delete(`/api/admin/trash/media/${media.id}`)
      .set('X-CSRF-Token', editor.csrf)
      .expect(403);
    expect(one.body.error.code).toBe('forbidden');
    expect(await trash(admin)).toHaveLength(2);

    await admin.agent.delete('/api/admin/trash').expect(403); // no CSRF token
    const emptied = await admin.agent.delete('/api/admin/trash').set('X-CSRF-Token', admin.csrf).expect(200);
    expect(emptied.body).toEqual({ purged: 2 });
    expect(await trash(admin)).toEqual([]);
    await admin.agent
      .post(`/api/admin/trash/faq/${faq.id}/restore`)
      .set('X-CSRF-Token', admin.csrf)
      .expect(404);
  });

  it('When nobody is logged in, then every trash route answers 401', async () => {
    for (const [method, path] of [
      ['get', '/api/admin/trash'],
      ['delete', '/api/admin/trash'],
      ['post', '/api/admin/trash/faq/x/restore'],
      ['delete', '/api/admin/trash/media/x'],
    ] as const) {
      const res = await visitor()[method](path);
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  it("When anyone outside calls a service's internal fan-out path, then the gateway answers 404 and the trash is untouched", async () => {
    const faq = await addFaq('Is it free?');
    await admin.agent.delete(`/api/admin/faqs/${faq.id}`).set('X-CSRF-Token', admin.csrf).expect(204);
    const paths = [
      ...Object.values(fanOutRoutes).map((r) => [r.method, r.path] as const),
      ['delete', '/Internal/Trash/'],
      ['get', '/INTERNAL/activity?limit=5'],
      ['get', '/internal'],
    ] as const;
    expect(paths.every(([, path]) => path.toLowerCase().startsWith(INTERNAL_PREFIX))).toBe(true);
    for (const [method, path] of paths) {
      for (const who of [visitor(), admin.agent]) {
        const res = await who[method](path).set('X-CSRF-Token', admin.csrf).send({ email: 'a@b.example' });
        expect([method, path, res.status, res.body.error?.code]).toEqual([method, path, 404, 'not_found']);
      }
    }
    expect((await trash(admin)).map((i) => i.id)).toEqual([faq.id]);
  });
});
