import { Projector, type StoredEvent } from '@12yards/platform';
import { contentService } from '../src/definition';
import { FAQS } from '../src/faq/projection';
import { GALLERY } from '../src/gallery/projection';
import { NEWS } from '../src/news/projection';
import { SETTINGS } from '../src/setting/projection';
import { adminHeaders, article, contentHarness, DAY, HOUR } from './harness';

describe('content service: events and rebuild', () => {
  const h = contentHarness();
  const as = adminHeaders;

  /** A morning of editing across all four aggregates, with the clock moving between steps. */
  async function scriptedChanges() {
    const http = h.http;
    /** An admin's create (201), answering the item. */
    const create = async (path: string, body: object) =>
      (await http().post(path).use(as()).send(body).expect(201)).body as { id: string };
    /** An admin's save (200). */
    const save = (path: string, body: object) => http().put(path).use(as()).send(body).expect(200);
    const a = await create('/api/news', article('Launch', { category: 'announcement', featured: true }));
    h.advance(HOUR);
    const b = await create('/api/news', article('Draft', { published: false }));
    await create('/api/news', article('Scheduled', { publishDate: new Date(h.now + 2 * DAY).toISOString() }));
    const c = await create('/api/news', article('Transfer', { category: 'transfer-news' }));
    h.advance(HOUR);
    await save(`/api/admin/news/${a.id}`, article('Launch day', { category: 'announcement' }));
    await save(`/api/admin/news/${b.id}`, article('Draft, now out'));
    await http().delete(`/api/admin/news/${c.id}`).use(as()).expect(204);

    const f1 = await create('/api/admin/faqs', { question: 'Free?', answer: 'Yes', sortOrder: 2 });
    const f2 = await create('/api/admin/faqs', { question: 'Where?', answer: 'Stores' });
    const f3 = await create('/api/admin/faqs', { question: 'Hidden?', answer: 'Yes', isActive: false });
    h.advance(HOUR);
    await save(`/api/admin/faqs/${f1.id}`, { question: 'Free?', answer: 'Yes, always', sortOrder: '0' });
    await http().delete(`/api/admin/faqs/${f2.id}`).use(as()).expect(204);

    await save('/api/admin/settings/show_app_gallery', { value: 'false', description: 'Gallery' });
    h.advance(HOUR);
    await save('/api/admin/settings/show_app_gallery', { value: 'true' });
    await save('/api/admin/settings/launch_banner', { value: 'on' });

    const g1 = await create('/api/admin/app-gallery', { imageUrl: '/media/1.png', sortOrder: 1 });
    const g2 = await create('/api/admin/app-gallery', { imageUrl: '/media/2.png', sortOrder: null });
    await create('/api/admin/app-gallery', { imageUrl: '/media/3.png', isActive: false, sortOrder: 0 });
    await save(`/api/admin/app-gallery/${g1.id}`, { imageUrl: '/media/1b.png', sortOrder: 5 });
    await http().delete(`/api/admin/app-gallery/${g2.id}`).use(as()).expect(204);

    // The trash: an article and a FAQ deleted for good, a FAQ back from it, a screenshot left in it.
    await http().delete(`/api/admin/trash/news/${c.id}`).use(as()).expect(204);
    await http().delete(`/api/admin/trash/faq/${f2.id}`).use(as()).expect(204);
    await http().delete(`/api/admin/faqs/${f3.id}`).use(as()).expect(204);
    h.advance(HOUR);
    await http().post(`/api/admin/trash/faq/${f3.id}/restore`).use(as()).expect(204);
  }

  /** Everything a caller can see, plus the raw read-model rows (versions and order included). */
  async function snapshot() {
    const get = async (path: string) => (await h.http().get(path).use(as()).expect(200)).body;
    const models = h.svc.ctx.infra.readModels;
    const rows = async (name: string) =>
      (await models.collection(name).find()).sort((x, y) => x.id.localeCompare(y.id));
    return {
      api: await Promise.all(
        [
          '/api/news',
          '/api/admin/news',
          '/api/faqs',
          '/api/admin/faqs',
          '/api/settings/show_app_gallery',
          '/api/admin/settings',
          '/api/app-gallery',
          '/api/admin/app-gallery',
        ].map(get),
      ),
      rows: await Promise.all([NEWS, FAQS, SETTINGS, GALLERY].map(rows)),
    };
  }

  it('When the read models are rebuilt after a series of changes, then every answer and row is the same', async () => {
    await scriptedChanges();
    const live = await snapshot();
    expect(live.api[0].map((x: { title: string }) => x.title)).toEqual(['Draft, now out', 'Launch day']);
    expect(live.api[2].map((x: { question: string }) => x.question)).toEqual(['Free?']);
    expect(live.api[6].map((x: { imageUrl: string }) => x.imageUrl)).toEqual(['/media/1b.png']);
    const { infra } = h.svc.ctx;
    const applied = await new Projector(
      infra.eventStore,
      infra.readModels,
      contentService.projections,
    ).rebuild();
    expect(applied).toBe(await infra.eventStore.lastPosition());
    expect(await snapshot()).toEqual(live);
  });

  it('When content changes, then the events are in the content store with PastTense names and the actor', async () => {
    await scriptedChanges();
    const events: StoredEvent[] = await h.svc.ctx.infra.eventStore.readAll(0);
    const types = new Set(events.map((e) => e.type));
    expect([...types].sort()).toEqual(
      [
        'FaqCreated',
        'FaqDeleted',
        'FaqRestored',
        'FaqTrashed',
        'FaqUpdated',
        'GalleryItemAdded',
        'GalleryItemTrashed',
        'GalleryItemUpdated',
        'NewsArticleDeleted',
        'NewsArticleTrashed',
        'NewsArticleDrafted',
        'NewsArticlePublished',
        'NewsArticleUpdated',
        'SettingChanged',
      ].sort(),
    );
    expect(events[0]).toMatchObject({ type: 'SettingChanged', meta: { actor: 'system' } }); // the seed
    expect(events.slice(1).every((e) => e.meta.actor === 'ops')).toBe(true);
  });

  it('When another service subscribes to the content topic, then it receives the events', async () => {
    await h.http().post('/api/admin/faqs').use(as()).send({ question: 'Q?', answer: 'A' }).expect(201);
    const seen: string[] = [];
    const sub = await h.svc.ctx.infra.bus.subscribe('content-test', ['content'], async (e) => {
      seen.push(e.type);
    });
    try {
      for (let i = 0; i < 50 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(seen).toEqual(['SettingChanged', 'FaqChanged']); // its integration events, not its internal ones
    } finally {
      await sub.stop();
    }
  });
});
