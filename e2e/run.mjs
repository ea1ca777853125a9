#!/usr/bin/env node
// The browser suite: starts the product exactly as `npm start` does (scripts/start.mjs, which builds what is
// missing or stale) on a fresh DATA_DIR and free ports with known admin credentials, runs the Playwright journeys
// against Debian's chromium, stops the product, and writes e2e/test-results/summary.json {passed, failed}.
// `node e2e/run.mjs [playwright args, e.g. --grep "cookie"]`; E2E_KEEP_DATA=1 keeps the data directory.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/lib/free-port.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const resultsDir = join(here, 'test-results');
const summaryFile = join(resultsDir, 'summary.json');
const CHROMIUM = '/usr/bin/chromium';
const started = Date.now();

const log = (msg) => process.stdout.write(`[e2e] ${msg}\n`);

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
mkdirSync(join(here, 'screenshots'), { recursive: true });

function finish(passed, failed, code) {
  writeFileSync(summaryFile, JSON.stringify({ passed, failed }, null, 2) + '\n');
  log(`${passed} passed, ${failed} failed in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(code ?? (failed > 0 ? 1 : 0));
}

// Debian's chromium is the browser; test tools never download one. A fresh CI machine (root, CI=true) gets it here.
if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0 && process.env.CI === 'true') {
    log('installing chromium with apt-get');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const install =
      update.status === 0 && spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
    if (!install || install.status !== 0 || !existsSync(CHROMIUM)) {
      log('could not install chromium');
      finish(0, 1, 1);
    }
  } else {
    log(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium) and run again`);
    finish(0, 1, 1);
  }
}

const PORT = await freePort(Number(process.env.E2E_PORT ?? 18480));
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = mkdtempSync(join(tmpdir(), '12yards-e2e-'));
const ADMIN_USERNAME = 'e2e-admin';
const ADMIN_PASSWORD = `E2e-${randomBytes(12).toString('base64url')}`;
const productLog = join(resultsDir, 'product.log');

log(`starting the product on ${BASE_URL} (data in ${DATA_DIR}, log in ${productLog})`);
const logStream = createWriteStream(productLog);
const product = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR,
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let productOutput = '';
let productExited = false;
for (const stream of [product.stdout, product.stderr]) {
  stream.on('data', (chunk) => {
    logStream.write(chunk);
    productOutput = (productOutput + chunk.toString()).slice(-20_000);
  });
}
const productExit = new Promise((ok) => product.on('exit', () => ((productExited = true), ok())));

async function stopProduct() {
  if (!productExited) {
    product.kill('SIGTERM');
    const timeout = new Promise((ok) => setTimeout(() => ok('timeout'), 15_000));
    if ((await Promise.race([productExit, timeout])) === 'timeout') {
      log('the product did not stop within 15 s: killing it');
      product.kill('SIGKILL');
    }
  }
  logStream.end();
  if (!process.env.E2E_KEEP_DATA) rmSync(DATA_DIR, { recursive: true, force: true });
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping`);
    await stopProduct();
    finish(0, 1, 130);
  });
}

// Ready when start.mjs says so (every process answered /readyz). Building first may take a few minutes.
async function waitReady() {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (productExited) return false;
    if (/12Yards is running at/.test(productOutput)) {
      try {
        if ((await fetch(`${BASE_URL}/readyz`)).ok) return true;
      } catch {}
    }
    if (/not ready after 60 s/.test(productOutput)) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

if (!(await waitReady())) {
  log('the product did not become ready; the end of its output:');
  process.stdout.write(productOutput.slice(-5000) + '\n');
  await stopProduct();
  finish(0, 1, 1);
}
log(`ready after ${Math.round((Date.now() - started) / 1000)} s`);

const reportFile = join(resultsDir, 'results.json');
const runner = spawn(
  process.execPath,
  [
    join(root, 'node_modules/@playwright/test/cli.js'),
    'test',
    '-c',
    join(here, 'playwright.config.ts'),
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: BASE_URL,
      E2E_ADMIN_USERNAME: ADMIN_USERNAME,
      E2E_ADMIN_PASSWORD: ADMIN_PASSWORD,
      E2E_REPORT_FILE: reportFile,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  },
);
const runnerCode = await new Promise((ok) =>
  runner.on('exit', (code, signal) => ok(code ?? (signal ? 1 : 0))),
);

if (productExited) log('the product stopped during the run; see ' + productLog);
await stopProduct();

let passed = 0;
let failed = 0;
if (existsSync(reportFile)) {
  const { stats, errors = [] } = JSON.parse(readFileSync(reportFile, 'utf8'));
  passed = stats.expected + stats.flaky;
  failed = stats.unexpected + errors.length;
}
if (runnerCode !== 0 && failed === 0) failed = 1; // the runner itself failed (config error, crash)
finish(passed, failed, runnerCode !== 0 ? runnerCode : undefined);
