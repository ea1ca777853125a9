import type { ContentInsights } from '@12yards/api';
import { adminHeaders, article, contentHarness, DAY, editorHeaders, HOUR } from './harness';

describe("the content service's part of the dashboard (GET /internal/insights)", () => {
  // In the past, so `at` may name any moment of the story.
  const h = contentHarness('2026-10-01T10:00:00.000Z');

  const insights = async (at?: string) =>
    (
      await h
        .http()
        .get(at ? `/internal/insights?${new URLSearchParams({ at })}` : '/internal/insights')
        .use(editorHeaders())
        .expect(200)
    ).body as ContentInsights;
  const create = async (title: string, over: Record<string, unknown>) =>
    (await h.http().post('/api/news').use(adminHeaders()).send(article(title, over)).expect(201)).body
      .id as string;

  it('When articles are scheduled, trashed and go live, then the scheduled count follows, now and at a past moment', async () => {
    expect(await insights()).toEqual({ scheduledArticles: 0 });
    const inTwoDays = new Date(h.now + 2 * DAY).toISOString();
    const first = await create('Cup final', { published: true, publishDate: inTwoDays });
    await create('Draft', { published: false, publishDate: inTwoDays });
    await create('Today', { published: true });
    expect(await insights()).toEqual({ scheduledArticles: 1 });
    const scheduledAt = new Date(h.now).toISOString();

    h.advance(HOUR);
    await h.http().delete(`/api/admin/news/${first}`).use(adminHeaders()).expect(204);
    expect(await insights()).toEqual({ scheduledArticles: 0 });
    expect(await insights(scheduledAt)).toEqual({ scheduledArticles: 1 });
    expect(await insights(new Date(Date.parse(scheduledAt) - 1000).toISOString())).toEqual({
      scheduledArticles: 0,
    });

    await create('Match report', { published: true, publishDate: new Date(h.now + DAY).toISOString() });
    expect(await insights()).toEqual({ scheduledArticles: 1 });
    h.advance(2 * DAY); // its publish date has passed: live, no longer waiting
    expect(await insights()).toEqual({ scheduledArticles: 0 });
  });

  it('When at is in the future or malformed, then 400 with a message', async () => {
    const future = new Date(Date.now() + DAY).toISOString();
    const res = await h.http().get(`/internal/insights?at=${future}`).use(adminHeaders()).expect(400);
    expect(res.body.error.message).toMatch(/at must not be in the future/);
    await h.http().get('/internal/insights?at=soon').use(adminHeaders()).expect(400);
  });
});
