import { GO_LIVE_JOB, goLiveJobId } from '../src/news/go-live';
import { newsStreamId } from '../src/news/events';
import { adminHeaders, contentHarness, HOUR } from './harness';

jest.setTimeout(20_000);

type Article = { id: string; title: string; publishDate: string; updatedAt: string; version: number };
const article = (title: string, publishDate: string) => ({
  title,
  excerpt: `${title} in short`,
  content: `${title} in full`,
  publishDate,
});

/** The service's clock moves by hand; the job queue waits in real time, the same span. */
describe('content service: scheduled news go live at their time', () => {
  const h = contentHarness();
  const at = (ms: number) => new Date(h.now + ms).toISOString();
  const create = async (title: string, publishDate: string) =>
    (await h.http().post('/api/news').use(adminHeaders()).send(article(title, publishDate)).expect(201))
      .body as Article;
  const edit = async (a: Article, publishDate: string) =>
    (
      await h
        .http()
        .put(`/api/admin/news/${a.id}`)
        .use(adminHeaders())
        .send(article(a.title, publishDate))
        .expect(200)
    ).body as Article;
  const adminRow = async (id: string) =>
    ((await h.http().get('/api/admin/news').use(adminHeaders()).expect(200)).body as Article[]).find(
      (a) => a.id === id,
    )!;
  const stream = async (id: string) =>
    (await h.svc.ctx.infra.eventStore.read(newsStreamId(id))).map((e) => ({
      type: e.type,
      actor: e.meta.actor,
      data: e.data,
    }));
  const publicTitles = async () =>
    ((await h.http().get('/api/news').expect(200)).body as Article[]).map((a) => a.title);

  it('When an article is scheduled 1.5 s ahead, then at that time, with no request, the scheduler makes it go live once', async () => {
    const publishDate = at(1_500);
    const a = await create('Derby preview', publishDate);
    const jobId = goLiveJobId({ articleId: a.id, publishDate });
    expect(await h.svc.ctx.infra.jobs.get(jobId)).toMatchObject({ state: 'delayed' });
    expect(await h.svc.ctx.infra.jobs.counts(GO_LIVE_JOB)).toMatchObject({ delayed: 1, waiting: 0 });
    expect(await publicTitles()).toEqual([]);
    h.advance(1_500); // the service's clock at the date; the job's real-time delay runs out at the same time

    expect(await h.svc.ctx.infra.jobs.waitFor(jobId, 10_000)).toMatchObject({
      state: 'completed',
      result: true,
    });
    expect((await stream(a.id)).map(({ type, actor }) => [type, actor])).toEqual([
      ['NewsArticlePublished', 'ops'],
      ['NewsArticleWentLive', 'scheduler'],
    ]);
    expect(await publicTitles()).toEqual(['Derby preview']);
    // The admin's copy moved on (a new version for If-Match), and the time it last changed is its going live.
    expect(await adminRow(a.id)).toMatchObject({ version: 2, updatedAt: publishDate });
    // The article's history says who made it go live.
    const history = await h.http().get(`/api/admin/history/news/${a.id}`).use(adminHeaders()).expect(200);
    expect(history.body.at(-1)).toMatchObject({
      actor: 'scheduler',
      type: 'NewsArticleWentLive',
      summary: 'Went live as scheduled',
    });
    // Its creation said it was scheduled, not published.
    expect(history.body[0].summary).toBe(
      `Scheduled to go live on ${publishDate.slice(0, 10)} ${publishDate.slice(11, 16)} UTC`,
    );
  });

  it('When a scheduled article is moved to the trash before its date, then its go-live does nothing', async () => {
    const publishDate = at(1_000);
    const a = await create('Binned', publishDate);
    await h.http().delete(`/api/admin/news/${a.id}`).use(adminHeaders()).expect(204);
    h.advance(1_000);
    const job = await h.svc.ctx.infra.jobs.waitFor(goLiveJobId({ articleId: a.id, publishDate }), 10_000);
    expect(job).toMatchObject({ state: 'completed', result: false });
    expect((await stream(a.id)).map((e) => e.type)).toEqual(['NewsArticlePublished', 'NewsArticleTrashed']);
    expect(await publicTitles()).toEqual([]);
  });

  it('When a scheduled article is moved to a later date, then the old date passes without it going live and a job waits for the new one', async () => {
    const first = at(1_000);
    const a = await create('Moved', first);
    const later = at(HOUR);
    await edit(a, later);
    h.advance(1_000);
    const old = await h.svc.ctx.infra.jobs.waitFor(
      goLiveJobId({ articleId: a.id, publishDate: first }),
      10_000,
    );
    expect(old).toMatchObject({ state: 'completed', result: false });
    expect((await stream(a.id)).map((e) => e.type)).toEqual(['NewsArticlePublished', 'NewsArticleUpdated']);
    expect(
      await h.svc.ctx.infra.jobs.get(goLiveJobId({ articleId: a.id, publishDate: later })),
    ).toMatchObject({
      state: 'delayed',
    });
    expect(await publicTitles()).toEqual([]);
  });

  it("When the service was down at an article's date, then it goes live as the service starts", async () => {
    const publishDate = at(HOUR);
    const a = await create('Missed while down', publishDate);
    await h.svc.stop();
    h.advance(2 * HOUR);
    await h.start();
    expect(await stream(a.id)).toEqual([
      expect.objectContaining({ type: 'NewsArticlePublished' }),
      {
        type: 'NewsArticleWentLive',
        actor: 'scheduler',
        data: { id: a.id, publishDate, at: new Date(h.now).toISOString() },
      },
    ]);
    // Started again later: nothing more to do for it.
    await h.svc.stop();
    await h.start();
    expect(await stream(a.id)).toHaveLength(2);
  });
});
