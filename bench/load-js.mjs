#!/usr/bin/env node
// `node bench/load-js.mjs`: the JavaScript a visitor's browser runs on load of the public pages, measured in
// Debian's chromium as a phone (412x823, CPU slowed 4x as Lighthouse's mobile preset does): the script bytes the
// load downloads, the bytes of the functions it ran (precise coverage, function granularity: a function counts
// whole once called, as the DevTools Coverage panel counts it) and the main-thread time spent in script
// (Performance.getMetrics ScriptDuration), until the page marked itself hydrated (or, a page that starts its app
// when the visitor acts, marked itself waiting) and went quiet. Then the script time of the first touch (a tap on
// the page's heading, until hydrated and quiet), which such a page pays instead: printed, not budgeted.
// Against a reference build measured in the same run (LOAD_JS_REFERENCE, a built web/shell: its dist and
// dist-server side by side; e.g. the shell before the islands, which hydrated the whole page): the budget asks for
// at most half the script time on / (BUDGET_RATIO). Coverage is printed beside it: it counts a function whole once
// called, so React's own code, most of which any hydration calls, weighs the same in both builds. Without a reference, the figures are printed and
// nothing is compared. Median of LOAD_JS_RUNS (5) loads per page; results in
// bench/results/load-js.json. The builds' loads take turns, so both meet the same machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { seededProduct } from './product.mjs';
import { stopOnSignal } from './stop-on-signal.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.LOAD_JS_RUNS ?? 5);
const PAGES = (process.env.LOAD_JS_PAGES ?? '/,/news,/status').split(',');
const BUDGET_RATIO = 0.5;
const log = (msg) => process.stderr.write(`[load-js] ${msg}\n`);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Bytes of a script's functions that ran: its length less the outermost ranges of functions never called. */
function usedBytes(entry, length) {
  const unused = [];
  for (const fn of entry.functions)
    for (const r of fn.ranges) if (r.count === 0) unused.push([r.startOffset, r.endOffset]);
  unused.sort((a, b) => a[0] - b[0]);
  let notRun = 0;
  let end = -1;
  for (const [s, e] of unused) {
    if (s >= end) {
      notRun += e - s;
      end = e;
    } else if (e > end) {
      notRun += e - end;
      end = e;
    }
  }
  return length - notRun;
}

async function loadOnce(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: false, detailed: false });
  await cdp.send('Debugger.enable');
  const sources = new Map();
  cdp.on('Debugger.scriptParsed', (e) => {
    if (e.url.startsWith('http')) sources.set(e.scriptId, { url: e.url, length: e.length });
  });
  let downloaded = 0;
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const size = await res
      .request()
      .sizes()
      .catch(() => null);
    if (size) downloaded += size.responseBodySize;
  });
  await page.goto(url, { waitUntil: 'load' });
  // Hydrated, or (a page that starts its app when the visitor acts) waiting for the visitor.
  await page.waitForSelector('html[data-hydrated], html[data-start="on-intent"]', { timeout: 30_000 });
  // What the load sets off after hydration (effects, idle work) belongs to it too: quiet for a second.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const { result } = await cdp.send('Profiler.takePreciseCoverage');
  const metrics = Object.fromEntries(
    (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
  );
  let ran = 0;
  let parsed = 0;
  for (const entry of result) {
    const source = sources.get(entry.scriptId);
    if (!source) continue;
    parsed += source.length;
    ran += usedBytes(entry, source.length);
  }
  const loadDownloaded = downloaded;
  // What a page that starts its app when the visitor acts defers is paid at the first touch: a tap on the heading
  // (no control there), then hydrated and quiet. Printed beside the load, not part of the budget.
  await page.locator('h1').first().tap();
  await page.waitForSelector('html[data-hydrated]', { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const afterTouch = (await cdp.send('Performance.getMetrics')).metrics.find(
    (m) => m.name === 'ScriptDuration',
  ).value;
  await context.close();
  return {
    scriptKb: +(loadDownloaded / 1024).toFixed(1),
    parsedKb: +(parsed / 1024).toFixed(1),
    ranKb: +(ran / 1024).toFixed(1),
    scriptMs: Math.round(metrics.ScriptDuration * 1000),
    firstTouchMs: Math.round((afterTouch - metrics.ScriptDuration) * 1000),
  };
}

/** Each build's product, then RUNS loads of each page, taking the builds in turn so they share the machine's load. */
async function measure(builds) {
  const products = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    // Stopped by the bench's own handler with the products, on SIGINT or SIGTERM.
    handleSIGINT: false,
    handleSIGTERM: false,
  });
  const unregisterBrowser = stopOnSignal(() => browser.close());
  const rows = [];
  try {
    for (const { env } of builds) products.push(await seededProduct(log, PAGES, env));
    for (const path of PAGES) {
      const runs = builds.map(() => []);
      for (let i = 0; i < RUNS; i++)
        for (const [b, product] of products.entries())
          runs[b].push(await loadOnce(browser, `${product.baseUrl}${path}`));
      for (const [b, { label }] of builds.entries()) {
        const row = { build: label, path };
        for (const key of Object.keys(runs[b][0])) row[key] = median(runs[b].map((r) => r[key]));
        rows.push(row);
        log(JSON.stringify(row));
      }
    }
  } finally {
    unregisterBrowser();
    await browser.close();
    for (const product of products) await product.stop();
  }
  return rows;
}

const load = { before: +loadavg()[0].toFixed(1) };
const reference = process.env.LOAD_JS_REFERENCE;
const builds = [
  ...(reference ? [{ label: 'reference', env: { SHELL_DIST: join(resolve(reference), 'dist') } }] : []),
  { label: 'current', env: process.env.SHELL_DIST ? { SHELL_DIST: process.env.SHELL_DIST } : {} },
];
const rows = await measure(builds);
load.after = +loadavg()[0].toFixed(1);
console.table(rows);
const ratios = {};
if (reference)
  for (const path of PAGES) {
    const ref = rows.find((r) => r.build === 'reference' && r.path === path);
    const cur = rows.find((r) => r.build === 'current' && r.path === path);
    ratios[path] = {
      ranKb: +(cur.ranKb / ref.ranKb).toFixed(2),
      scriptMs: +(cur.scriptMs / ref.scriptMs).toFixed(2),
      // The load and the first touch together: what a visitor who acts on the page runs in all.
      scriptMsWithFirstTouch: +(
        (cur.scriptMs + cur.firstTouchMs) /
        (ref.scriptMs + ref.firstTouchMs)
      ).toFixed(2),
    };
  }
const home = ratios['/'];
const pass = home ? home.scriptMs <= BUDGET_RATIO : true;
const out = {
  bench: 'load-js',
  runs: RUNS,
  loadAverage: load,
  budgetRatioOnHome: BUDGET_RATIO,
  rows,
  ratios,
  pass,
};
console.log(JSON.stringify({ ratios, loadAverage: load, pass }, null, 2));
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'load-js.json'), JSON.stringify(out, null, 2) + '\n');
process.exitCode = pass ? 0 : 1;
