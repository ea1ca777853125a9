import request from 'supertest';
import { nextCursorOf } from '@12yards/api';
import { contentService } from '@12yards/content/src/definition';
import { partnersService } from '@12yards/partners/src/definition';
import { startStack, type Stack } from '../src/testing';

jest.setTimeout(120_000);

type Agent = Awaited<ReturnType<Stack['login']>>;
interface Row {
  id: string;
  [key: string]: unknown;
}

/**
 * Every list that can grow answers one page at a time (`?limit=&cursor=`), the next page named by a Link header;
 * a walk across pages sees each row once even while rows are being added.
 */
describe('paginated lists through the gateway', () => {
  let stack: Stack;
  let admin: Agent;
  let clock = Date.parse('2026-06-01T12:00:00.000Z');

  const post = (path: string, body: object) =>
    admin.agent.post(path).set('X-CSRF-Token', admin.csrf).send(body).expect(201);
  const addNews = (i: number, extra: object = {}) =>
    post('/api/news', {
      title: `Story ${i}`,
      excerpt: 'An excerpt.',
      content: `The whole story number ${i}.`,
      category: i % 2 ? 'general' : 'announcement',
      published: true,
      ...extra,
    });
  const addPartner = (i: number, extra: object = {}) =>
    post('/api/admin/partners', {
      name: `Person ${i}`,
      email: `person${i}@example.org`,
      type: i % 3 ? 'club' : 'influencer',
      organization: `Club ${i}`,
      ...extra,
    });
  const addContact = (i: number, extra: object = {}) =>
    request(stack.app)
      .post('/api/contacts')
      .send({
        name: `Sender ${i}`,
        email: `sender${i}@example.org`,
        subject: `Question ${i}`,
        message: 'Hello.',
        ...extra,
      })
      .expect(201);

  /** Every row of a list, page by page, following the Link header; `between` runs after each page. */
  async function walk(
    get: (url: string) => request.Test,
    path: string,
    limit: number,
    between?: () => Promise<unknown>,
  ) {
    const seen: Row[] = [];
    let url = `${path}${path.includes('?') ? '&' : '?'}limit=${limit}`;
    for (let pages = 0; pages < 1000; pages++) {
      const res = await get(url).expect(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body.length).toBeLessThanOrEqual(limit);
      seen.push(...(res.body as Row[]));
      const cursor = nextCursorOf(res.headers.link);
      if (!cursor) return seen;
      await between?.();
      url = `${path}${path.includes('?') ? '&' : '?'}limit=${limit}&cursor=${cursor}`;
    }
    throw new Error('the walk did not end');
  }
  const ids = (rows: Row[]) => rows.map((r) => r.id);

  beforeAll(async () => {
    stack = await startStack({
      services: [contentService, partnersService],
      clock: () => new Date(clock),
      publicWritesPerIp: 10_000,
    });
    admin = await stack.login();
    // Distinct creation times; a few articles share one publish date, so the second sort key orders them.
    for (let i = 0; i < 30; i++) {
      clock += 1000;
      await addNews(i, i >= 10 && i < 16 ? { publishDate: '2026-05-01' } : {});
      await addPartner(i);
      await addContact(i);
    }
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const adminGet = (url: string) => admin.agent.get(url);
  const publicGet = (url: string) => request(stack.app).get(url);

  it.each([
    ['/api/news', 'public'],
    ['/api/admin/news', 'admin'],
    ['/api/partners', 'admin'],
    ['/api/contacts', 'admin'],
  ] as const)(
    '%s: a walk in pages of 7 sees every row once, in the order of the whole list, while rows are added',
    async (path, who) => {
      const get = who === 'public' ? publicGet : adminGet;
      const before = await walk(get, path, 100);
      expect(before.length).toBeGreaterThanOrEqual(30);
      let added = 1000;
      const addOne = async () => {
        clock += 1000;
        const i = added++;
        if (path.includes('news')) await addNews(i);
        else if (path === '/api/partners') await addPartner(i);
        else await addContact(i);
      };
      const walked = await walk(get, path, 7, addOne);
      expect(new Set(ids(walked)).size).toBe(walked.length);
      // Newest first: rows added during the walk come before the cursor, so the walk is exactly the list it started on.
      expect(ids(walked)).toEqual(ids(before));
      const after = await walk(get, path, 100);
      expect(after.length).toBe(before.length + (added - 1000));
    },
  );

  it("A partner's action items: a walk in pages of 4 sees each once while items are added", async () => {
    const someone = (await adminGet('/api/partners?limit=1').expect(200)).body[0] as Row;
    const path = `/api/admin/partners/${someone.id}/actions`;
    const addAction = (i: number) => post(path, { actionText: `Call back ${i}`, dueDate: '' });
    for (let i = 0; i < 13; i++) await addAction(i);
    const before = await walk(adminGet, path, 100);
    expect(before).toHaveLength(13);
    let i = 100;
    const walked = await walk(adminGet, path, 4, () => addAction(i++));
    expect(ids(walked)).toEqual(ids(before));
    expect(await walk(adminGet, path, 100)).toHaveLength(13 + (i - 100));
  });

  it('A list without limit answers the default page of 20 and names the next page', async () => {
    const res = await adminGet('/api/partners').expect(200);
    expect(res.body).toHaveLength(20);
    expect(res.headers.link).toMatch(/^<\/api\/partners\?cursor=[A-Za-z0-9_-]+>; rel="next"$/);
  });

  it.each([
    ['/api/news?limit=0', 'Invalid input: limit: must be at least 1'],
    ['/api/news?limit=101', 'Invalid input: limit: must be at most 100'],
    ['/api/news?limit=ten', 'Invalid input: limit: must be a number'],
    ['/api/news?cursor=not*base64', 'Invalid input: cursor: must be the cursor of a previous page'],
    ['/api/news?cursor=bm90IGpzb24', 'Invalid input: cursor: must be the cursor of a previous page'],
    ['/api/partners?limit=-1', 'Invalid input: limit: must be at least 1'],
    ['/api/contacts?cursor=W10', 'Invalid input: cursor: must be the cursor of a previous page'],
    [
      '/api/partners?status=Nope',
      'Invalid input: status: status must be one of Pending, In Progress, Partner, Approved, Rejected',
    ],
  ])('%s: 400 with the validation message', async (url, message) => {
    const get = url.startsWith('/api/news') ? publicGet : adminGet;
    const res = await get(url).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', message });
  });

  it('A cursor of another list (other sort keys) is refused as a bad cursor', async () => {
    const news = await publicGet('/api/news?limit=1').expect(200);
    const cursor = nextCursorOf(news.headers.link)!;
    const res = await adminGet(`/api/partners?cursor=${cursor}`).expect(400);
    expect(res.body.error.message).toBe('Invalid input: cursor: must be the cursor of a previous page');
  });

  it('Filters and search narrow the lists, and pages keep the filter', async () => {
    const influencers = await walk(adminGet, '/api/partners?type=influencer', 3);
    expect(influencers.length).toBeGreaterThan(3);
    expect(influencers.every((p) => p.type === 'influencer')).toBe(true);

    const found = await adminGet('/api/partners?q=PERSON%2012').expect(200);
    expect(found.body.map((p: Row) => p.name)).toEqual(['Person 12']);
    expect((await adminGet('/api/partners?q=club%207').expect(200)).body.map((p: Row) => p.name)).toEqual([
      'Person 7',
    ]);
    expect((await adminGet('/api/partners?q=person5%40').expect(200)).body.map((p: Row) => p.name)).toEqual([
      'Person 5',
    ]);
    expect((await adminGet('/api/partners?q=%25').expect(200)).body).toEqual([]);

    const target = (await adminGet('/api/partners?q=Person%203').expect(200)).body.find(
      (p: Row) => p.name === 'Person 3',
    ) as Row;
    await admin.agent
      .put(`/api/admin/partners/${target.id}`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ status: 'Approved' })
      .expect(200);
    expect(ids((await adminGet('/api/partners?status=Approved').expect(200)).body)).toEqual([target.id]);

    const message = (await adminGet('/api/contacts?q=question%2021').expect(200)).body as Row[];
    expect(message.map((m) => m.subject)).toEqual(['Question 21']);
    await admin.agent
      .put(`/api/admin/contacts/${message[0]!.id}`)
      .set('X-CSRF-Token', admin.csrf)
      .send({ status: 'responded' })
      .expect(200);
    expect(ids((await adminGet('/api/contacts?status=responded').expect(200)).body)).toEqual([
      message[0]!.id,
    ]);
    expect((await adminGet('/api/contacts?q=sender2%40').expect(200)).body.map((m: Row) => m.name)).toEqual([
      'Sender 2',
    ]);
    const unread = await walk(adminGet, '/api/contacts?status=unread', 10);
    expect(unread.every((m) => m.status === 'unread')).toBe(true);
    expect(ids(unread)).not.toContain(message[0]!.id);

    const announcements = await walk(publicGet, '/api/news?category=announcement', 4);
    expect(announcements.length).toBeGreaterThan(4);
    expect(announcements.every((a) => a.category === 'announcement')).toBe(true);
    expect(
      (await adminGet('/api/admin/news?q=story%2017').expect(200)).body.map((a: Row) => a.title),
    ).toEqual(['Story 17']);
  });

  it('The home page asks for the 3 latest articles without their text', async () => {
    const res = await publicGet('/api/news?limit=3&fields=summary').expect(200);
    expect(res.body).toHaveLength(3);
    for (const a of res.body as Row[]) {
      expect(a).not.toHaveProperty('content');
      expect(a).toMatchObject({ title: expect.any(String), excerpt: 'An excerpt.' });
    }
    const full = await publicGet('/api/news?limit=3').expect(200);
    expect(ids(full.body)).toEqual(ids(res.body));
    expect(full.body[0].content).toMatch(/^The whole story number/);
  });
});
