import type { ContentInsights, NewsArticle } from '@12yards/api';
import { adminHeaders, article, contentHarness, DAY, HOUR } from './harness';

describe("the admin news list behind the dashboard's scheduled figure (GET /api/admin/news?scheduled=true)", () => {
  const h = contentHarness('2026-09-01T10:00:00.000Z');

  const list = async (query: string) =>
    (await h.http().get(`/api/admin/news?${query}`).use(adminHeaders()).expect(200)).body as NewsArticle[];
  const figure = async () =>
    ((await h.http().get('/internal/insights').use(adminHeaders()).expect(200)).body as ContentInsights)
      .scheduledArticles;
  const create = async (title: string, over: Record<string, unknown>) =>
    (await h.http().post('/api/news').use(adminHeaders()).send(article(title, over)).expect(201)).body
      .id as string;

  it('When articles are scheduled, drafted, live and trashed, then ?scheduled=true lists exactly the ones the figure counts', async () => {
    const inDays = (n: number) => new Date(h.now + n * DAY).toISOString();
    await create('Cup final preview', { published: true, publishDate: inDays(2), category: 'announcement' });
    await create('Season review', { published: true, publishDate: inDays(5) });
    await create('Draft for later', { published: false, publishDate: inDays(2) });
    await create('Live now', { published: true });
    const trashed = await create('Trashed', { published: true, publishDate: inDays(3) });
    await h.http().delete(`/api/admin/news/${trashed}`).use(adminHeaders()).expect(204);

    const scheduled = await list('scheduled=true');
    expect(scheduled.map((a) => a.title).sort()).toEqual(['Cup final preview', 'Season review']);
    expect(await figure()).toBe(scheduled.length);
    expect((await list('scheduled=true&category=announcement')).map((a) => a.title)).toEqual([
      'Cup final preview',
    ]);
    expect(await list('')).toHaveLength(4);

    h.advance(2 * DAY + HOUR); // the first has gone live
    expect((await list('scheduled=true')).map((a) => a.title)).toEqual(['Season review']);
    expect(await figure()).toBe(1);
  });

  it('When scheduled is anything but true, then 400 with a message', async () => {
    const res = await h.http().get('/api/admin/news?scheduled=false').use(adminHeaders()).expect(400);
    expect(res.body.error.message).toMatch(/scheduled must be true when given/);
  });
});
