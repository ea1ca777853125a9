/**
 * Lists that stay fast (issue 15): the median latency of list pages through the gateway with 10 news articles and
 * 10 partner applications, then, in the same run and the same processes, with 5,000 articles and 2,000
 * applications. The rows are made through each service's decider and event store (handleCommand, as the API does)
 * and projected by the service's own projector: no hand-written SQL. Budget: every list at most 1.5x its latency at
 * 10 rows, for pages of 10 rows at both sizes, on two stacks asked in turns. Prints the figures (and the answer sizes) as JSON; exits non-zero over budget.
 *
 * BENCH_N (default 300) requests per list and size, after 30 warm-up requests.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { handleCommand } from '@12yards/platform';
import { contentService } from '@12yards/content/src/definition';
import { newsDecider } from '@12yards/content/src/news/decide';
import { newsStreamId } from '@12yards/content/src/news/events';
import { NEWS_ORDER, newsRows, newsView } from '@12yards/content/src/news/projection';
import { partnersService } from '@12yards/partners/src/definition';
import { partnerDecider } from '@12yards/partners/src/partner/decide';
import { detailKeys, partnerStreamId, type PartnerDetails } from '@12yards/partners/src/partner/events';
import { startStack, TEST_ADMIN, type Stack } from '@12yards/gateway/testing';

const N = Number(process.env.BENCH_N ?? 300);
const WARMUP = 30;
const BUDGET = 1.5;
const STORY = 'A paragraph of the article. '.repeat(80); // ~2 KB of text per article, as a real one

let made = 0;
async function addNews(stack: Stack, count: number) {
  const { infra } = stack.services.content!.ctx;
  for (let i = 0; i < count; i++, made++) {
    const id = randomUUID();
    await handleCommand(infra.eventStore, newsStreamId(id), newsDecider, {
      type: 'CreateNewsArticle',
      id,
      fields: {
        title: `Story ${made}`,
        excerpt: 'What happened, in one line.',
        content: STORY,
        category: made % 2 ? 'general' : 'announcement',
        imageUrl: null,
        publishDate: new Date(Date.UTC(2025, 0, 1) + made * 3_600_000).toISOString(),
        featured: false,
        published: made % 10 !== 0,
      },
      at: new Date(),
    });
  }
  await stack.services.content!.ctx.projector.catchUp();
}

async function addPartners(stack: Stack, count: number) {
  const { infra } = stack.services.partners!.ctx;
  for (let i = 0; i < count; i++, made++) {
    const id = randomUUID();
    // Every detail the application form would send, the unanswered ones as null (as the API stores them).
    const details: PartnerDetails = {
      ...(Object.fromEntries(detailKeys.map((key) => [key, null])) as Record<keyof PartnerDetails, null>),
      name: `Person ${made}`,
      email: `person${made}@example.org`,
      type: made % 3 ? 'club' : 'influencer',
      organization: `Club ${made}`,
      message: 'We would like to work with you.',
    };
    await handleCommand(infra.eventStore, partnerStreamId(id), partnerDecider, {
      type: 'SubmitApplication',
      id,
      details,
      source: 'public',
      at: new Date(),
    });
  }
  await stack.services.partners!.ctx.projector.catchUp();
}

/** A GET; a keep-alive socket the server closed while the rows were being made is retried once. */
async function get(url: string, headers: Record<string, string>) {
  try {
    return await fetch(url, { headers });
  } catch {
    return fetch(url, { headers });
  }
}

/** One timed GET: milliseconds and bytes of the answer. */
async function timed(url: string, headers: Record<string, string>) {
  const t0 = performance.now();
  // Uncompressed: the gateway gzips answers over 1 KB, so with 10 rows a filtered page (3 influencers, 853 bytes)
  // would skip a cost its 10-row page at 2,000 pays; the compression cost is per byte, not per row in the list.
  const res = await get(url, { ...headers, 'accept-encoding': 'identity' });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString()}`);
  return { ms: performance.now() - t0, bytes: body.byteLength };
}

const p50 = (times: number[]) => [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)]!;

/**
 * The same page asked of the small and the large stack in turns (the order alternating), so the load of a shared
 * machine falls on both alike.
 */
async function paired(small: Target, smallPath: string, large: Target, largePath: string) {
  const a: number[] = [];
  const b: number[] = [];
  let bytes = [0, 0];
  for (let i = 0; i < N + WARMUP; i++) {
    const first = i % 2 === 0;
    const x = first ? await timed(small.gw + smallPath, small.headers) : undefined;
    const y = await timed(large.gw + largePath, large.headers);
    const z = x ?? (await timed(small.gw + smallPath, small.headers));
    if (i >= WARMUP) {
      a.push(z.ms);
      b.push(y.ms);
    }
    bytes = [z.bytes, y.bytes];
  }
  return { small: { p50: p50(a), bytes: bytes[0]! }, large: { p50: p50(b), bytes: bytes[1]! } };
}

interface Target {
  gw: string;
  headers: Record<string, string>;
  close(): Promise<void>;
}

/** A gateway listening on a port, with the content and partners services, and an admin's session cookie. */
async function open(): Promise<Target & { stack: Stack }> {
  const stack = await startStack({ services: [contentService, partnersService] });
  const server = stack.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const gw = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const login = await fetch(`${gw}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return {
    stack,
    gw,
    headers: { cookie },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await stack.stop();
    },
  };
}

/**
 * What the lists did before pagination (the figures): the whole collection sorted and serialised, here
 * in-process on the service's own read models (no HTTP), so it is a lower bound of the old answer's cost.
 */
async function wholeList(stack: Stack, times: number) {
  const rows = newsRows(stack.services.content!.ctx.infra.readModels);
  const spent: number[] = [];
  let bytes = 0;
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    bytes = Buffer.byteLength(JSON.stringify((await rows.find({ sort: [...NEWS_ORDER] })).map(newsView)));
    spent.push(performance.now() - t0);
  }
  spent.sort((a, b) => a - b);
  return { p50: spent[Math.floor(spent.length / 2)]!, bytes };
}

async function main() {
  // Request logs would mix with the JSON this prints (and cost the same at both sizes).
  process.env.LOG_LEVEL ??= 'warn';
  const small = await open();
  const large = await open();
  await addNews(small.stack, 10);
  await addPartners(small.stack, 10);
  const t0 = performance.now();
  await addNews(large.stack, 5000);
  await addPartners(large.stack, 2000);
  const seedSeconds = (performance.now() - t0) / 1000;

  // The public news list is answered from memory after its first read (issue 15 read path), as visitors ask it.
  // Pages of 10, so both sizes answer the same number of rows: the ratio is the cost of the collection's size,
  // not of a bigger page (the default page is 20; with 10 rows it would hold 10).
  const lists: [string, string, boolean][] = [
    ['public news, home (3, summary)', '/api/news?limit=3&fields=summary', false],
    ['public news, first page', '/api/news?limit=10', false],
    ['admin news, first page', '/api/admin/news?limit=10', true],
    ['admin news, category', '/api/admin/news?limit=10&category=announcement', true],
    ['partners, first page', '/api/partners?limit=10', true],
    ['partners, status Pending', '/api/partners?limit=10&status=Pending', true],
    ['partners, type influencer', '/api/partners?limit=10&type=influencer', true],
  ];
  const as = (t: Target, admin: boolean): Target => ({ ...t, headers: admin ? t.headers : {} });
  const results: {
    name: string;
    small: { p50: number; bytes: number };
    large: { p50: number; bytes: number };
  }[] = [];
  for (const [name, path, admin] of lists) {
    results.push({ name, ...(await paired(as(small, admin), path, as(large, admin), path)) });
  }

  // A deep page: the 100th page of admin news on the large stack (keyset: as fast as the first), against the
  // small stack's first page.
  let deepPath = '/api/admin/news?limit=10';
  for (let page = 1; page < 100; page++) {
    const res = await get(large.gw + deepPath, large.headers);
    await res.arrayBuffer();
    deepPath = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? deepPath;
  }
  results.push({
    name: 'admin news, page 100',
    ...(await paired(small, '/api/admin/news?limit=10', large, deepPath)),
  });
  const wholeSmall = await wholeList(small.stack, 50);
  const wholeLarge = await wholeList(large.stack, 5);

  const rows = results.map((r) => ({
    list: r.name,
    p50At10: +r.small.p50.toFixed(2),
    p50At5000: +r.large.p50.toFixed(2),
    ratio: +(r.large.p50 / r.small.p50).toFixed(2),
    bytesAt10: r.small.bytes,
    bytesAt5000: r.large.bytes,
  }));
  const worst = Math.max(...rows.map((r) => r.ratio));
  const within = worst <= BUDGET;
  console.log(
    JSON.stringify(
      {
        bench: 'lists',
        rows: { news: 5000, partners: 2000 },
        seedSeconds: +seedSeconds.toFixed(1),
        requests: N,
        budget: `p50 at 5,000/2,000 rows <= ${BUDGET}x p50 at 10`,
        worstRatio: worst,
        beforePagination: {
          list: 'admin news, whole collection (find + JSON, in-process)',
          p50At10: +wholeSmall.p50.toFixed(2),
          p50At5000: +wholeLarge.p50.toFixed(2),
          ratio: +(wholeLarge.p50 / wholeSmall.p50).toFixed(1),
          bytesAt10: wholeSmall.bytes,
          bytesAt5000: wholeLarge.bytes,
        },
        within,
        lists: rows,
      },
      null,
      2,
    ),
  );
  await small.close();
  await large.close();
  process.exit(within ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
