import { existsSync, readFileSync } from 'node:fs';
import { activityResponse, historyResponse } from '@12yards/api';
import { ERASED_PERSONAL_DATA, serviceDbFile } from '@12yards/platform';
import { sweepTrash } from '@12yards/workbench';
import { contentTrash } from '../src/trash';
import { adminHeaders, article, contentHarness, DAY, editorHeaders } from './harness';

/** Issue 26 item 2: "Delete for good" of trashed content erases its text from history, as an erasure does. */
describe('content service: deleting for good erases the text from history', () => {
  const h = contentHarness();
  /** Every byte of the service's SQLite file and its WAL. */
  const storedBytes = () => {
    const file = serviceDbFile(h.env.DATA_DIR, 'content');
    return Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f))).toString(
      'latin1',
    );
  };
  const history = async (type: string, id: string) =>
    historyResponse.parse(
      (await h.http().get(`/api/admin/history/${type}/${id}`).use(editorHeaders()).expect(200)).body,
    );
  const activity = async () =>
    activityResponse.parse((await h.http().get('/internal/activity').use(adminHeaders()).expect(200)).body);
  const text = (value: unknown) => JSON.stringify(value);

  it('When a trashed article is deleted for good, then its history and the activity read "Erased personal data", never its title or text, and the file holds none of it', async () => {
    const gone = (
      await h
        .http()
        .post('/api/news')
        .use(adminHeaders())
        .send(article('Quarterly Zanzibar Secret'))
        .expect(201)
    ).body;
    await h
      .http()
      .put(`/api/admin/news/${gone.id}`)
      .use(adminHeaders())
      .set('If-Match', `"${gone.version}"`)
      .send(article('Quarterly Zanzibar Secret, revised'))
      .expect(200);
    const kept = (
      await h.http().post('/api/news').use(adminHeaders()).send(article('Kept Kestrel News')).expect(201)
    ).body;
    // Before: the text is readable (in the events as the service reads them, the history and the file).
    expect(text(await h.svc.ctx.infra.eventStore.read(`news-${gone.id}`))).toContain('Quarterly Zanzibar');
    expect(text(await history('news', gone.id))).toContain('Quarterly Zanzibar Secret, revised');
    expect(storedBytes()).toContain('Quarterly Zanzibar');

    await h.http().delete(`/api/admin/news/${gone.id}`).use(adminHeaders()).expect(204);
    // In the trash it can still be restored: its text is still there.
    expect(text(await history('news', gone.id))).toContain('Quarterly Zanzibar');
    await h.http().delete(`/api/admin/trash/news/${gone.id}`).use(adminHeaders()).expect(204);

    const after = await history('news', gone.id);
    expect(after.map((e) => e.summary)).toHaveLength(4);
    expect(text(after)).not.toContain('Zanzibar');
    expect(text(after)).toContain(ERASED_PERSONAL_DATA);
    const feed = await activity();
    expect(text(feed)).not.toContain('Zanzibar');
    expect(text(feed)).toContain(ERASED_PERSONAL_DATA);
    expect(text(feed)).toContain('Kept Kestrel News');
    expect(text(await history('news', kept.id))).toContain('Kept Kestrel News in full');
    expect(text(await h.svc.ctx.infra.eventStore.read(`news-${gone.id}`))).not.toContain('Zanzibar');
    expect(storedBytes()).not.toContain('Zanzibar');
    expect(storedBytes()).toContain('Kept Kestrel'); // (the read model keeps the live article's text)
  });

  it('When the sweep deletes a trashed FAQ and screenshot for good, then their text is erased from history too', async () => {
    const faq = (
      await h
        .http()
        .post('/api/admin/faqs')
        .use(adminHeaders())
        .send({ question: 'Where is Xylophone Bay?', answer: 'Past the Quokka pier.' })
        .expect(201)
    ).body;
    const shot = (
      await h
        .http()
        .post('/api/admin/app-gallery')
        .use(adminHeaders())
        .send({ imageUrl: '/media/s.png', platformName: 'Walrus OS', description: 'Narwhal screen' })
        .expect(201)
    ).body;
    await h.http().delete(`/api/admin/faqs/${faq.id}`).use(adminHeaders()).expect(204);
    await h.http().delete(`/api/admin/app-gallery/${shot.id}`).use(adminHeaders()).expect(204);
    h.advance(31 * DAY);
    expect(await sweepTrash(h.svc.ctx, contentTrash(h.svc.ctx))).toBe(2);

    const both = text([
      await history('faq', faq.id),
      await history('gallery-item', shot.id),
      await activity(),
    ]);
    for (const word of ['Xylophone', 'Quokka', 'Walrus', 'Narwhal']) {
      expect(both).not.toContain(word);
      expect(storedBytes()).not.toContain(word);
    }
    expect(both).toContain(ERASED_PERSONAL_DATA);
  });

  it('When a trashed article is restored, then its text is whole', async () => {
    const a = (await h.http().post('/api/news').use(adminHeaders()).send(article('Ocelot Cup')).expect(201))
      .body;
    await h.http().delete(`/api/admin/news/${a.id}`).use(adminHeaders()).expect(204);
    await h.http().post(`/api/admin/trash/news/${a.id}/restore`).use(adminHeaders()).expect(204);
    const news = (await h.http().get('/api/news').expect(200)).body;
    expect(news.map((n: { title: string; content: string }) => [n.title, n.content])).toEqual([
      ['Ocelot Cup', 'Ocelot Cup in full'],
    ]);
    expect(text(await history('news', a.id))).not.toContain(ERASED_PERSONAL_DATA);
  });
});
