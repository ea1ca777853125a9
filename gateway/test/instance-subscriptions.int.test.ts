import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { hostname } from 'node:os';
import request from 'supertest';
import { contentService } from '@12yards/content/src/definition';
import { createLogger, type EventBus } from '@12yards/platform';
import { signedAs } from '@12yards/platform/testing';
import { LIVE_TOPICS } from '../src/live-events';
import { serviceTargets } from '../src/proxy';
import { READ_SERVICES } from '../src/public-reads';
import { PAGE_TOPICS, PublicPages, type ShellServerEntry } from '../src/web/pages';
import { startStack, TEST_ADMIN, type Stack } from '../src/testing';

jest.setTimeout(60_000);

/** Polls until `check` passes or `ms` elapse. */
async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A shell server entry that renders a page without reading anything (the pages' events are what is tested). */
const entry: ShellServerEntry = {
  renderPage: async (url) => ({ html: `<html><body>${url}</body></html>`, complete: true }),
  headHtml: () => '',
  site: { name: '12Yards', url: 'http://localhost' },
};

/**
 * One gateway process on the embedded bus, the bus it follows wrapped to count its subscriptions, its public pages
 * made on the gateway's subscription as main.ts makes them.
 */
describe("a gateway process reads the services' events once", () => {
  const subscribed: { group: string; topics: string[] }[] = [];
  let delivered = 0;
  const counting = (bus: EventBus): EventBus =>
    new Proxy(bus, {
      get(target, prop, receiver) {
        if (prop !== 'subscribe') return Reflect.get(target, prop, receiver) as unknown;
        const subscribe: EventBus['subscribe'] = (group, topics, handler) => {
          subscribed.push({ group, topics: [...topics] });
          return target.subscribe(group, topics, async (event, topic) => {
            await handler(event, topic);
            delivered++;
          });
        };
        return subscribe;
      },
    });
  let stack: Stack;
  let pages: PublicPages | undefined;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    stack = await startStack({
      services: [contentService],
      wrapBus: counting,
      web: async ({ env, subscriptions }) => {
        pages = new PublicPages({
          template: '<html></html>',
          entry,
          targets: serviceTargets(env),
          logger: createLogger('gateway', 'silent'),
          subscriptions,
        });
        return undefined;
      },
    });
    server = stack.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The content service's seeded settings, read from the topic's start by the gateway's fresh group, are behind
    // it: none comes between what is kept and the event below.
    let seen = -1;
    let quietSince = Date.now();
    await within(15_000, () => {
      if (delivered !== seen) [seen, quietSince] = [delivered, Date.now()];
      return seen > 0 && Date.now() - quietSince >= 500;
    });
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await pages?.stop();
    await stack?.stop();
  });

  it("When the gateway has started, then it has subscribed once, in group gateway-<instance>, to the union of the public reads', live events' and pages' topics", () => {
    expect(subscribed).toHaveLength(1);
    const [only] = subscribed;
    expect(only!.group).toBe(`gateway-${hostname()}`);
    expect(stack.subscriptions.group).toBe(only!.group);
    expect(new Set(only!.topics).size).toBe(only!.topics.length);
    expect(new Set(only!.topics)).toEqual(new Set([...READ_SERVICES, ...LIVE_TOPICS, ...PAGE_TOPICS]));
    expect(Object.keys(stack.subscriptions.purposes).sort()).toEqual(['live', 'reads', 'web']);
  });

  it('When a content event comes, then it reaches every purpose of its topic: the kept public read is dropped, a live admin is told, the pages are rendered again', async () => {
    // A kept public read (answered from memory the second time) and a kept page.
    await request(stack.app).get('/api/faqs').expect(200);
    const hits = stack.reads.hits;
    await request(stack.app).get('/api/faqs').expect(200);
    expect(stack.reads.hits).toBe(hits + 1);
    const page = await pages!.page('/', 200);
    expect(await pages!.page('/', 200)).toBe(page);
    // An admin's live stream.
    const login = await request(stack.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[])
      .map((c) => c.split(';')[0])
      .join('; ');
    let raw = '';
    const stream = get(
      `${base}/api/admin/events`,
      { headers: { cookie, accept: 'text/event-stream' } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (raw += chunk));
        res.on('error', () => undefined);
      },
    );
    stream.on('error', () => undefined);
    try {
      await within(5_000, () => stack.live.connections === 1);

      // Straight to the service, as another gateway replica would send it: this gateway hears of it from the bus only.
      const created = await request(stack.services.content!.app)
        .post('/api/admin/faqs')
        .use(signedAs({ username: 'ops', role: 'admin' }))
        .send({ question: 'Is there a family stand?', answer: 'Yes.', sortOrder: 1, isActive: true })
        .expect(201);
      const faqId = (created.body as { id: string }).id;

      // A bound on delivery, not a latency budget: parallel test workers can slow the bus on a 2-core machine.
      await within(15_000, () => raw.includes(faqId));
      expect(raw).toMatch(/^event: ?content-changed$/m);
      expect(raw).toContain(`"entityType":"faq","entityId":"${faqId}"`);
      // The same delivery invalidated the pages (every purpose gets it at once): the next reader renders anew.
      expect(await pages!.page('/', 200)).not.toBe(page);
      const res = await request(stack.app).get('/api/faqs').expect(200);
      expect(res.body.map((f: { question: string }) => f.question)).toContain('Is there a family stand?');
      expect(subscribed).toHaveLength(1);
    } finally {
      stream.destroy();
    }
  });
});
