// Where to compress (issue 14): the gateway's `compression` middleware over a service's plain answer ("gateway"),
// or the service compressing and http-proxy-middleware passing its encoded answer through ("passthrough"). Both
// ways the same library and settings compress; what differs is which process pays for it and how many bytes cross
// the hop. Gateway and service are separate processes (as deployed), the proxy configured as the gateway's
// (gateway/src/proxy.ts: http-proxy-middleware, keep-alive agent, xfwd). The load is a browser's
// (Accept-Encoding: gzip, deflate, br), autocannon -c 20, rounds alternating the two ways, median of the rounds.
//
// Two answers: a page of the news JSON (20 articles with their text, as a proxied /api/news page) and an HTML page
// of the same size. (The server-rendered public pages are not compressed per request at all: gateway/src/web keeps
// them compressed once, brotli 11 and gzip 9, when rendered; the third figure is that, for scale.)
//
// Prints JSON with req/s and p50 of each, the ratio passthrough / gateway, and pass: the way the gateway uses
// ("gateway") is within 20 % of the other or faster. BENCH_SECONDS (default 5) per round, BENCH_ROUNDS (default 3).
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const gatewayRequire = createRequire(join(root, 'gateway/package.json'));
const express = gatewayRequire('express');
const compression = gatewayRequire('compression');
const { createProxyMiddleware } = gatewayRequire('http-proxy-middleware');
const autocannon = createRequire(import.meta.url)('autocannon');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const KEPT = 'gateway';
// "Clearly faster" (a reason to move compression into the services) is more than 20 %: runs on a busy machine differ by that much.
const TOLERANCE = 0.8;

// Text that compresses as prose does (about 3:1), not as one repeated sentence: words drawn by a fixed LCG.
const WORDS =
  'the a of and to in club fans stand match goal season partner app kick-off derby supporters home away win draw league cup keeper striker minute half crowd ticket stadium coach squad transfer window report tactical press'.split(
    ' ',
  );
let seed = 42;
const word = () => WORDS[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % WORDS.length];
const story = () => Array.from({ length: 350 }, word).join(' ');
const news = Array.from({ length: 20 }, (_, i) => ({
  id: `6f1c2a4e-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Matchday ${i}: the stands sing`,
  excerpt: 'What happened, in one line.',
  content: story(),
  category: 'transfer-news',
  imageUrl: null,
  publishDate: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  featured: i === 0,
  published: true,
  createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
}));
const JSON_BODY = JSON.stringify(news);
const HTML_BODY = `<!doctype html><html lang="en-GB"><head><title>News | 12Yards</title></head><body><main><ul>${news
  .map(
    (a) =>
      `<li><article class="flex h-full flex-col overflow-hidden rounded-xl border"><h3 class="mt-1 text-lg font-semibold">${a.title}</h3><p class="text-sm text-muted-foreground">${a.excerpt}</p><div>${a.content}</div></article></li>`,
  )
  .join('')}</ul></main></body></html>`;

const listen = (app) =>
  new Promise((resolve) => {
    const server = http.createServer(app).listen(0, '127.0.0.1', () => resolve(server));
    server.keepAliveTimeout = 60_000;
  });

/** A service answering the two bodies, compressing them itself or not. */
function serviceApp(compress) {
  const app = express();
  if (compress) app.use(compression());
  app.get('/api/news', (_req, res) => res.type('application/json').send(JSON_BODY));
  app.get('/page', (_req, res) => res.type('text/html').send(HTML_BODY));
  return app;
}

/** The gateway: the proxy as gateway/src/proxy.ts configures it, behind `compression` or not. */
function gatewayApp(target, compress) {
  const app = express();
  if (compress) app.use(compression());
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, keepAliveMsecs: 10_000 });
  app.use(createProxyMiddleware({ target, agent, xfwd: true, proxyTimeout: 60_000 }));
  return app;
}

/** The gateway's kept public pages: compressed once, sent as they are (gateway/src/web/page-cache.ts). */
function keptApp() {
  const br = brotliCompressSync(Buffer.from(HTML_BODY), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const app = express();
  app.get('/page', (_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Vary', 'Accept-Encoding');
    res.end(br);
  });
  return app;
}

function start(args) {
  const child = fork(fileURLToPath(import.meta.url), args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, url: `http://127.0.0.1:${m.port}` }));
    child.once('error', reject);
  });
}

async function load(url) {
  const r = await autocannon({
    url,
    connections: 20,
    duration: SECONDS,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    bytesPerReq: Math.round(r.throughput.average / r.requests.average),
  };
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function main() {
  const plain = await start(['service', '0']);
  const compressing = await start(['service', '1']);
  const ways = {
    gateway: await start(['gateway', plain.url, '1']),
    passthrough: await start(['gateway', compressing.url, '0']),
  };
  const kept = await start(['kept']);
  const children = [plain, compressing, ways.gateway, ways.passthrough, kept].map((s) => s.child);
  try {
    // What each way answers a browser: the same encoding from the same library.
    const encodings = {};
    for (const [name, way] of Object.entries(ways)) {
      const res = await fetch(`${way.url}/api/news`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      await res.arrayBuffer();
      encodings[name] = res.headers.get('content-encoding');
    }
    const results = {};
    for (const body of ['json', 'html']) {
      const path = body === 'json' ? '/api/news' : '/page';
      const runs = { gateway: [], passthrough: [] };
      for (const way of Object.keys(ways)) await load(`${ways[way].url}${path}`); // warm-up
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 ? ['passthrough', 'gateway'] : ['gateway', 'passthrough'];
        for (const way of order) runs[way].push(await load(`${ways[way].url}${path}`));
      }
      const summary = Object.fromEntries(
        Object.entries(runs).map(([way, rs]) => [
          way,
          {
            reqPerSec: Math.round(median(rs.map((r) => r.reqPerSec))),
            p50Ms: median(rs.map((r) => r.p50)),
            bytesPerAnswer: median(rs.map((r) => r.bytesPerReq)),
          },
        ]),
      );
      results[body] = {
        ...summary,
        ratioPassthroughToGateway:
          Math.round((summary.passthrough.reqPerSec / summary.gateway.reqPerSec) * 100) / 100,
      };
    }
    const keptPage = await load(`${kept.url}/page`);
    const other = KEPT === 'gateway' ? 'passthrough' : 'gateway';
    const pass = ['json', 'html'].every(
      (b) => results[b][KEPT].reqPerSec >= TOLERANCE * results[b][other].reqPerSec,
    );
    console.log(
      JSON.stringify(
        {
          bench: 'compression',
          encodings,
          json: results.json,
          html: results.html,
          keptPageBrotli: { reqPerSec: Math.round(keptPage.reqPerSec), p50Ms: keptPage.p50 },
          kept: KEPT,
          pass,
        },
        null,
        2,
      ),
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    for (const c of children) c.kill();
  }
}

// A child process is one server: `service <compress>` or `gateway <target> <compress>` or `kept`.
if (process.argv[2]) {
  const [role, a, b] = process.argv.slice(2);
  const app =
    role === 'service' ? serviceApp(a === '1') : role === 'gateway' ? gatewayApp(a, b === '1') : keptApp();
  const server = await listen(app);
  process.send({ port: server.address().port });
} else {
  await main();
}
