import request from 'supertest';
import { activityResponse, historyResponse, nextCursorOf, type ActivityEntry } from '@12yards/api';
import { contentService } from '@12yards/content/src/definition';
import { partnersService } from '@12yards/partners/src/definition';
import { ACTIVITY_UNAVAILABLE_HEADER } from '@12yards/api';
import { startStack, TEST_EDITOR, type Stack } from '../src/testing';

jest.setTimeout(120_000);

type Agent = Awaited<ReturnType<Stack['login']>>;

/**
 * History of an entity and the activity feed through the gateway: the history is proxied to the service that keeps
 * the entity's events; the feed is fanned out to the services and merged newest first, paged by an opaque cursor.
 * Only content and partners run here: the other three services are down.
 */
describe('history and activity through the gateway', () => {
  let stack: Stack;
  let admin: Agent;
  let editor: Agent;

  beforeAll(async () => {
    stack = await startStack({ services: [contentService, partnersService] });
    admin = await stack.login();
    editor = await stack.login(TEST_EDITOR);
  });
  afterAll(async () => stack.stop());

  const article = { title: 'Kick-off', excerpt: 'Short', content: 'The whole story.', category: 'general' };
  const createDraft = async (who: Agent, title: string) =>
    (
      await who.agent
        .post('/api/news')
        .set('X-CSRF-Token', who.csrf)
        .send({ ...article, title, published: false })
        .expect(201)
    ).body as { id: string; publishDate: string };
  const addFaq = async (who: Agent, question: string) =>
    who.agent
      .post('/api/admin/faqs')
      .set('X-CSRF-Token', who.csrf)
      .send({ question, answer: 'An answer.' })
      .expect(201);
  const sendMessage = (i: number) =>
    request(stack.app)
      .post('/api/contacts')
      .send({ name: `Sender ${i}`, email: `s${i}@example.org`, subject: `Question ${i}`, message: 'Hello.' })
      .expect(201);

  /** Every entry of the feed, page by page along the Link header; `between` runs after each page. */
  async function walk(query: string, limit: number, between?: () => Promise<unknown>) {
    const seen: ActivityEntry[] = [];
    let url = `/api/admin/activity?limit=${limit}${query}`;
    for (let pages = 0; pages < 200; pages++) {
      const res = await admin.agent.get(url).expect(200);
      const page = activityResponse.parse(res.body);
      expect(page.length).toBeLessThanOrEqual(limit);
      seen.push(...page);
      const cursor = nextCursorOf(res.headers.link);
      if (!cursor) return seen;
      await between?.();
      url = `/api/admin/activity?limit=${limit}${query}&cursor=${cursor}`;
    }
    throw new Error('the walk did not end');
  }
  const newestFirst = (entries: ActivityEntry[]) => {
    for (let i = 1; i < entries.length; i++) expect(entries[i - 1]!.at >= entries[i]!.at).toBe(true);
  };

  it('When an article is drafted, edited twice and published, then its history has 4 entries with the actor and the field diffs', async () => {
    const created = await createDraft(admin, 'Kick-off');
    const put = (who: Agent, body: object) =>
      who.agent
        .put(`/api/admin/news/${created.id}`)
        .set('X-CSRF-Token', who.csrf)
        .send({ ...article, publishDate: created.publishDate, published: false, ...body })
        .expect(200);
    await put(admin, { title: 'Kick-off at noon' });
    await put(editor, { title: 'Kick-off at noon', excerpt: 'Noon, not nine' });
    await put(admin, { title: 'Kick-off at noon', excerpt: 'Noon, not nine', published: true });

    const res = await editor.agent.get(`/api/admin/history/news/${created.id}`).expect(200);
    const history = historyResponse.parse(res.body);
    expect(history.map((e) => [e.actor, e.type, e.summary])).toEqual([
      ['admin', 'NewsArticleDrafted', 'Created'],
      ['admin', 'NewsArticleUpdated', 'Title changed'],
      ['editor', 'NewsArticleUpdated', 'Excerpt changed'],
      ['admin', 'NewsArticleUpdated', 'Published'],
    ]);
    expect(history[0]!.changes).toMatchObject({
      title: { from: null, to: 'Kick-off' },
      published: { from: null, to: false },
    });
    expect(history[1]!.changes).toEqual({ title: { from: 'Kick-off', to: 'Kick-off at noon' } });
    expect(history[2]!.changes).toEqual({ excerpt: { from: 'Short', to: 'Noon, not nine' } });
    expect(history[3]!.changes).toEqual({ published: { from: false, to: true } });
    const times = history.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
  });

  it('When nobody is logged in, then history and activity answer 401; an unknown entity 404, an unknown type or a bad cursor 400', async () => {
    const anonymous = [
      await request(stack.app).get('/api/admin/history/news/x'),
      await request(stack.app).get('/api/admin/activity'),
    ];
    expect(anonymous.map((r) => [r.status, r.body.error.code])).toEqual([
      [401, 'unauthorized'],
      [401, 'unauthorized'],
    ]);
    const missing = await admin.agent.get('/api/admin/history/partner/nobody').expect(404);
    expect(missing.body.error.code).toBe('not_found');
    await admin.agent.get('/api/admin/history/spaceship/1').expect(400);
    await admin.agent.get('/api/admin/history/constructor/1').expect(400);
    const bad = await admin.agent.get('/api/admin/activity?cursor=not-a-cursor').expect(400);
    expect(bad.body.error.code).toBe('validation_failed');
  });

  it('When changes in two services outnumber a page, then walking the feed gives each once, newest first, even while changes arrive', async () => {
    for (let i = 0; i < 4; i++) {
      await sendMessage(i);
      await addFaq(i % 2 ? admin : editor, `Question ${i}?`);
    }
    await createDraft(editor, 'Transfer news');
    const everything = await walk('', 100);
    expect(new Set(everything.map((e) => e.service))).toEqual(new Set(['content', 'partners']));
    expect(everything.length).toBeGreaterThan(12);

    let added = 0;
    const paged = await walk('', 3, async () => {
      if (added++ < 2) await sendMessage(100 + added); // newer than every page already read
    });
    const ids = paged.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(everything.map((e) => e.id));
    newestFirst(paged);

    const messages = await walk('&entityType=contact', 2);
    expect(messages.map((e) => e.entityLabel)).toEqual([
      'Question 102',
      'Question 101',
      'Question 3',
      'Question 2',
      'Question 1',
      'Question 0',
    ]);
    expect(new Set(messages.map((e) => [e.entityType, e.actor, e.summary].join()))).toEqual(
      new Set(['contact,visitor,Received']),
    );
    const byEditor = await walk('&actor=editor', 2);
    expect(byEditor.map((e) => [e.entityType, e.entityLabel])).toEqual([
      ['news', 'Transfer news'],
      ['faq', 'Question 2?'],
      ['faq', 'Question 0?'],
      ['news', 'Kick-off at noon'], // the first test's edit: the article's current title
    ]);
    expect(byEditor.every((e) => e.actor === 'editor')).toBe(true);
  });

  it('When services are down, then the feed answers what the others gave and names the missing ones; when none answers, 503', async () => {
    const res = await editor.agent.get('/api/admin/activity?limit=5').expect(200);
    expect(activityResponse.parse(res.body)).toHaveLength(5);
    expect(res.headers[ACTIVITY_UNAVAILABLE_HEADER.toLowerCase()]).toBe('contracts, media, status');
    const onlyContracts = await editor.agent.get('/api/admin/activity?entityType=contract').expect(503);
    expect(onlyContracts.body.error.code).toBe('unavailable');
    // A proxied history of an entity whose service is down: the proxy's 503.
    await editor.agent.get('/api/admin/history/contract/x').expect(503);
  });
});
