#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse (the npm package) driving Debian's chromium on /, /news and /status, with
// the mobile and the desktop preset, median of 3 runs each. Prints the four category scores and LCP, TBT and CLS,
// and keeps them in bench/results/lighthouse.json.
// Starts the product as `npm start` does on a fresh DATA_DIR (seeded with a few articles and FAQs), or measures
// LH_BASE_URL when set (SHELL_DIST, passed on to the product, measures another build of the shell). Each row also
// says what JavaScript the load ran: jsMs (Lighthouse's bootup-time) and jsKb (script bytes transferred). LH_RUNS
// changes the number of runs. Target: performance >= 98 on mobile, TBT <= 100 ms and
// CLS <= 0.02 on mobile, the rest 100.
// Two modes, both by default (LH_MODES=idle,busy or `-- --mode busy` picks): idle, and busy, with one CPU-bound
// process running beside Lighthouse the whole time (a visitor's phone is a busy machine).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { seededProduct } from './product.mjs';
import { stopOnSignal } from './stop-on-signal.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LH_RUNS ?? 3);
const PAGES = (process.env.LH_PAGES ?? '/,/news,/status').split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGET = { mobilePerformance: 98, mobileTbtMs: 100, mobileCls: 0.02, others: 100 };
const modeArg = process.argv.indexOf('--mode');
const MODES = (modeArg > 0 ? process.argv[modeArg + 1] : (process.env.LH_MODES ?? 'idle,busy')).split(',');
for (const mode of MODES)
  if (mode !== 'idle' && mode !== 'busy') throw new Error(`unknown mode ${mode}: idle or busy`);

/** One CPU-bound process (a loop that never waits) beside Lighthouse; answers a function that stops it. */
function startBusyProcess() {
  const busy = spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' });
  const stop = () => busy.kill('SIGKILL');
  const unregister = stopOnSignal(stop);
  return () => (unregister(), stop());
}

const log = (msg) => process.stderr.write(`[lighthouse] ${msg}\n`);

if (!existsSync(CHROME_PATH)) {
  log(`${CHROME_PATH} is missing: apt-get install -y chromium (or set CHROME_PATH)`);
  process.exit(1);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const failing = new Set();

async function measure(baseUrl, mode) {
  const stopBusy = mode === 'busy' ? startBusyProcess() : () => {};
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    // Our own handler stops Chromium on SIGINT with the rest (chrome-launcher's would exit before the product stops).
    handleSIGINT: false,
  });
  const unregisterChrome = stopOnSignal(() => chrome.kill());
  const rows = [];
  try {
    for (const preset of (process.env.LH_PRESETS ?? 'mobile,desktop').split(',')) {
      for (const path of PAGES) {
        const runs = [];
        // A run Lighthouse could not record (NO_NAVSTART and the like, seen on a loaded machine) is run again: its
        // scores are not the page's. At most twice the runs in all.
        for (let attempt = 0; runs.length < RUNS && attempt < 2 * RUNS; attempt++) {
          const result = await lighthouse(
            `${baseUrl}${path}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
            preset === 'desktop' ? desktopConfig : undefined,
          );
          const { categories, audits, runtimeError } = result.lhr;
          if (process.env.LH_SAVE)
            writeFileSync(`${process.env.LH_SAVE}-${preset}${path.replace(/\//g, '_')}.json`, result.report);
          if (runtimeError) {
            log(`${preset} ${path}: ${runtimeError.code} ${runtimeError.message} (run again)`);
            continue;
          }
          // What costs points outside performance, named so the bench says what to fix.
          for (const id of ['accessibility', 'best-practices', 'seo'])
            for (const ref of categories[id].auditRefs)
              if (ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1) {
                failing.add(`${path} ${preset}: ${ref.id}`);
                if (process.env.LH_DEBUG)
                  log(JSON.stringify(audits[ref.id].details?.items ?? []).slice(0, 1500));
              }
          if (process.env.LH_DEBUG)
            log(
              JSON.stringify({
                lcpElement:
                  audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
                lcpBreakdown: audits['lcp-breakdown-insight']?.details?.items?.[0]?.items,
                bootup: audits['bootup-time']?.details?.items
                  ?.slice(0, 4)
                  .map((i) => [i.url, Math.round(i.total)]),
                longTasks: audits['long-tasks']?.details?.items
                  ?.slice(0, 5)
                  .map((i) => [i.url, Math.round(i.duration)]),
              }),
            );
          runs.push({
            performance: Math.round(categories.performance.score * 100),
            accessibility: Math.round(categories.accessibility.score * 100),
            bestPractices: Math.round(categories['best-practices'].score * 100),
            seo: Math.round(categories.seo.score * 100),
            fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? NaN),
            lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
            tbtMs: Math.round(audits['total-blocking-time'].numericValue),
            cls: +(audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
            // The JavaScript of the load: main-thread time its scripts took (evaluation, parse and compile, as
            // bootup-time counts it), and the script bytes transferred.
            jsMs: Math.round(audits['bootup-time']?.numericValue ?? NaN),
            jsKb: +(
              (audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script')
                ?.transferSize ?? NaN) / 1024
            ).toFixed(1),
          });
        }
        if (runs.length === 0) throw new Error(`${mode} ${preset} ${path}: no run could be recorded`);
        const row = { mode, preset, path };
        for (const key of Object.keys(runs[0])) row[key] = median(runs.map((r) => r[key]));
        rows.push(row);
        log(`${mode} ${preset} ${path}: ${JSON.stringify(row)}`);
      }
    }
  } finally {
    unregisterChrome();
    chrome.kill();
    stopBusy();
  }
  return rows;
}

let product;
try {
  let baseUrl = process.env.LH_BASE_URL;
  if (!baseUrl) {
    product = await seededProduct(log, PAGES);
    baseUrl = product.baseUrl;
  }
  const rows = [];
  // The machine's own load beside the bench (other work): figures taken at a load above its cores are not the page's.
  const load = { before: +loadavg()[0].toFixed(1) };
  for (const mode of MODES) rows.push(...(await measure(baseUrl, mode)));
  load.after = +loadavg()[0].toFixed(1);
  log(`load average (1 min) ${load.before} at the start, ${load.after} at the end`);
  const pass = rows.every(
    (r) =>
      (r.preset !== 'mobile' ||
        (r.performance >= TARGET.mobilePerformance &&
          r.tbtMs <= TARGET.mobileTbtMs &&
          r.cls <= TARGET.mobileCls)) &&
      r.accessibility >= TARGET.others &&
      r.bestPractices >= TARGET.others &&
      r.seo >= TARGET.others,
  );
  console.table(rows);
  if (failing.size) console.log(`audits below 100 outside performance:\n  ${[...failing].join('\n  ')}`);
  const result = {
    bench: 'lighthouse',
    runs: RUNS,
    modes: MODES,
    loadAverage: load,
    target: TARGET,
    rows,
    failing: [...failing],
    pass,
  };
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'lighthouse.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(pass ? 'lighthouse: within target' : 'lighthouse: below target');
  process.exitCode = pass ? 0 : 1;
} finally {
  await product?.stop();
}
