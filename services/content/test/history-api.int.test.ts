import { activityResponse, historyResponse } from '@12yards/api';
import { adminHeaders, contentHarness, editorHeaders } from './harness';

describe('content service: history and activity', () => {
  const h = contentHarness();

  it('When a FAQ is created, hidden by an editor and deleted, then its history tells each step and who took it, oldest first', async () => {
    const faq = (
      await h
        .http()
        .post('/api/admin/faqs')
        .use(adminHeaders())
        .send({ question: 'Is it free?', answer: 'Yes.', sortOrder: 2 })
        .expect(201)
    ).body as { id: string };
    await h
      .http()
      .put(`/api/admin/faqs/${faq.id}`)
      .use(editorHeaders())
      .send({ question: 'Is it free?', answer: 'Yes.', sortOrder: 2, isActive: false })
      .expect(200);
    await h.http().delete(`/api/admin/faqs/${faq.id}`).use(adminHeaders()).expect(204);

    const res = await h.http().get(`/api/admin/history/faq/${faq.id}`).use(editorHeaders()).expect(200);
    const history = historyResponse.parse(res.body);
    expect(history.map((e) => [e.actor, e.summary])).toEqual([
      ['ops', 'Created'],
      ['ed', 'Deactivated'],
      ['ops', expect.stringMatching(/^(Deleted|Moved to trash)$/)],
    ]);
    const times = history.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(history[0]!.changes).toEqual({
      question: { from: null, to: 'Is it free?' },
      answer: { from: null, to: 'Yes.' },
      isActive: { from: null, to: true },
      sortOrder: { from: null, to: 2 },
    });
    expect(history[1]!.changes).toEqual({ isActive: { from: true, to: false } });

    const feed = activityResponse.parse(
      (await h.http().get('/internal/activity?entityType=faq').use(adminHeaders()).expect(200)).body,
    );
    expect(feed.map((e) => [e.entityId, e.entityLabel, e.actor])).toEqual([
      [faq.id, 'Is it free?', 'ops'],
      [faq.id, 'Is it free?', 'ed'],
      [faq.id, 'Is it free?', 'ops'],
    ]);
  });

  it('When a setting is changed, then its history starts with the default the system set', async () => {
    await h
      .http()
      .put('/api/admin/settings/show_app_gallery')
      .use(adminHeaders())
      .send({ value: 'false' })
      .expect(200);
    const res = await h
      .http()
      .get('/api/admin/history/setting/show_app_gallery')
      .use(adminHeaders())
      .expect(200);
    const history = historyResponse.parse(res.body);
    expect(history.map((e) => [e.actor, e.summary])).toEqual([
      ['system', 'Set to On'],
      ['ops', 'Changed from On to Off'],
    ]);
    expect(history[1]!.changes).toEqual({ value: { from: 'true', to: 'false' } });
    const feed = activityResponse.parse(
      (await h.http().get('/internal/activity?entityType=setting&limit=1').use(adminHeaders()).expect(200))
        .body,
    );
    expect(feed).toEqual([
      expect.objectContaining({
        entityId: 'show_app_gallery',
        entityLabel: 'show_app_gallery',
        summary: 'Changed from On to Off',
      }),
    ]);
    await h.http().get('/api/admin/history/news/nope').use(adminHeaders()).expect(404);
  });
});
