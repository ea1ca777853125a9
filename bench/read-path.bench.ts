/**
 * Read path (issue 15): throughput of public reads through the gateway against the same bytes served straight by
 * the service and by a bare node:http server, all measured in one run with autocannon (-c 20, a few seconds,
 * 3 rounds after a warm-up round; each ratio is the median of the rounds' ratios). "Raw" is a bare node:http server answering the very bytes and
 * headers the gateway answers. The load generator runs in a process of its own so it does not share the
 * servers' event loop. Budgets: gateway >= 0.60 of raw and >= 0.85 of direct for /api/news and /api/service-status, a
 * 170 KB static asset through the gateway >= 0.80 of raw. Exits non-zero when a ratio is under its budget.
 *
 * BENCH_SECONDS (default 3) and BENCH_ROUNDS (default 3) change the length; BENCH_CASE=static runs one case.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { statusService } from '@12yards/status/src/definition';
import { contentService } from '@12yards/content/src/definition';
import { startStack } from '@12yards/gateway/testing';
import { mountWeb } from '../gateway/src/web/static';
import { immutableAssets } from '../gateway/src/web/immutable-assets';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Only the cases whose name contains this (e.g. `static`). */
const ONLY = process.env.BENCH_CASE;
const CONNECTIONS = 20;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' };
const ASSET = '/assets/app-Bx7Kq2Lm.js';

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** One autocannon run, in a process of its own (autocannon aggregates its figures only on a main thread). */
function cannon(url: string, headers: Record<string, string>): Promise<Run> {
  const code = `
    const autocannon = require('autocannon');
    const o = JSON.parse(process.argv[1]);
    autocannon({ url: o.url, connections: o.c, duration: o.d, headers: o.h }, (err, r) => {
      if (err) throw err;
      process.stdout.write(JSON.stringify({
        rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors,
      }));
    });`;
  const args = JSON.stringify({ url, c: CONNECTIONS, d: SECONDS, h: headers });
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', code, args], { cwd: root }, (err, stdout) => {
      if (err) reject(err);
      else resolve(JSON.parse(stdout) as Run);
    });
  });
}

/** A bare node:http server answering every request with these bytes and headers. */
async function rawServer(body: Buffer, headers: Record<string, string>) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'content-length': body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function listen(app: http.RequestListener) {
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Set per connection or per response by node itself. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * What a client gets from the gateway for `url`, byte for byte as it travels (body still encoded): the raw server
 * answers the same body with the same headers (security headers, ETag, Cache-Control...), so the comparison
 * measures the gateway's work and not the size of its answer.
 */
function capture(url: string, headers: Record<string, string>) {
  return new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    http
      .get(url, { headers }, (r) => {
        if (r.statusCode !== 200) reject(new Error(`${url}: ${r.statusCode}`));
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => {
          const keep: Record<string, string> = {};
          for (const [name, value] of Object.entries(r.headers)) {
            if (!HOP_HEADERS.has(name) && typeof value === 'string') keep[name] = value;
          }
          resolve({ body: Buffer.concat(chunks), headers: keep });
        });
      })
      .on('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  // A built shell with one 170 KB hashed script and its precompressed variants, as web/shell's build makes them.
  const dist = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  mkdirSync(join(dist, 'assets'));
  const js = Buffer.from(
    Array.from(
      { length: 2600 },
      (_, i) => `export const v${i}=${JSON.stringify(randomBytes(24).toString('base64'))};\n`,
    ).join(''),
  ).subarray(0, 170 * 1024);
  writeFileSync(join(dist, ASSET), js);
  writeFileSync(join(dist, `${ASSET}.br`), brotliCompressSync(js));
  writeFileSync(join(dist, `${ASSET}.gz`), gzipSync(js, { level: 9 }));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>12Yards</title>');

  const stack = await startStack({
    services: [statusService, contentService],
    web: async () => (app) => mountWeb(app, { shellDist: dist, adminDist: join(dist, 'none') }),
    fastLane: [immutableAssets(dist)],
  });
  const { agent, csrf } = await stack.login();
  for (let i = 0; i < 10; i++) {
    const res = await agent
      .post('/api/news')
      .set('x-csrf-token', csrf)
      .send({
        title: `Match report ${i}`,
        excerpt: 'The club won at home in front of a full stadium.',
        content: 'A long report. '.repeat(60),
        category: 'general',
        published: true,
      });
    if (res.status !== 201) throw new Error(`seeding news: ${res.status} ${JSON.stringify(res.body)}`);
  }

  const gateway = await listen(stack.app);
  const status = await listen(stack.services.status!.app);
  const content = await listen(stack.services.content!.app);

  const cases = [
    { name: '/api/service-status', path: '/api/service-status', direct: status.url, headers: {} },
    { name: '/api/news', path: '/api/news', direct: content.url, headers: {} },
    { name: 'static asset (170 KB, br)', path: ASSET, direct: undefined, headers: BROWSER_HEADERS },
  ].filter((c) => !ONLY || c.name.includes(ONLY));
  const raws = await Promise.all(
    cases.map(async (c) => {
      const { body, headers } = await capture(`${gateway.url}${c.path}`, c.headers);
      return rawServer(body, headers);
    }),
  );

  const runs: Record<string, Record<string, Run[]>> = {};
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const [i, c] of cases.entries()) {
      const targets: [string, string][] = [
        // Gateway in the middle: next to each of its baselines in time.
        ['raw', raws[i]!.url],
        ['gateway', gateway.url],
        ...(c.direct ? ([['direct', c.direct]] as [string, string][]) : []),
      ];
      for (const [kind, base] of targets) {
        const run = await cannon(`${base}${c.path}`, c.headers);
        if (run.non2xx || run.errors)
          throw new Error(`${kind} ${c.path}: ${run.non2xx} non-2xx, ${run.errors} errors`);
        // The first round warms every path up (JIT, caches) and is not counted.
        if (round > 0) ((runs[c.name] ??= {})[kind] ??= []).push(run);
      }
    }
  }

  const figures = Object.fromEntries(
    Object.entries(runs).map(([name, kinds]) => [
      name,
      Object.fromEntries(
        Object.entries(kinds).map(([kind, rs]) => [
          kind,
          { rps: Math.round(median(rs.map((r) => r.rps))), p50: median(rs.map((r) => r.p50)) },
        ]),
      ),
    ]),
  ) as Record<string, Record<string, { rps: number; p50: number }>>;

  const ratios: { what: string; ratio: number; budget: number; pass: boolean }[] = [];
  // Each round's two runs are back to back, so their ratio is taken per round (the load others put on the
  // machine drifts between rounds), then the median of the rounds.
  const ratio = (name: string, a: string, b: string, budget: number) => {
    const rs = runs[name];
    if (!rs) return;
    const perRound = rs[a]!.map((run, i) => run.rps / rs[b]![i]!.rps);
    const r = Number(median(perRound).toFixed(2));
    ratios.push({ what: `${name}: ${a} / ${b}`, ratio: r, budget, pass: r >= budget });
  };
  for (const name of ['/api/service-status', '/api/news']) {
    ratio(name, 'gateway', 'raw', 0.6);
    ratio(name, 'gateway', 'direct', 0.85);
  }
  ratio('static asset (170 KB, br)', 'gateway', 'raw', 0.8);

  const pass = ratios.every((r) => r.pass);
  console.log(
    JSON.stringify(
      {
        bench: 'read-path',
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: ROUNDS,
        figures,
        ratios,
        pass,
      },
      null,
      2,
    ),
  );
  for (const srv of [gateway, status, content, ...raws]) {
    srv.server.closeAllConnections();
    srv.server.close();
  }
  await stack.stop();
  rmSync(dist, { recursive: true, force: true });
  process.exit(pass ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
