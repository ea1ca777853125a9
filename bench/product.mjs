// The product for the browser benches (bench:lighthouse, load-js): started as `npm start` does on a fresh DATA_DIR,
// seeded with a few articles and FAQs through the gateway, its page cache warmed once.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/lib/free-port.mjs';
import { stopOnSignal } from './stop-on-signal.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Starts the product on a fresh data directory; answers its URL, admin and a stop function. */
export async function startProduct(log, extraEnv = {}) {
  const port = await freePort(
    // A base port of its own per run: two benches (or a journey run) starting together do not race for one port.
    Number(process.env.LH_PORT ?? 19480 + 100 * Math.floor(Math.random() * 60)),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), '12yards-lighthouse-'));
  const admin = { username: 'lh-admin', password: `Lh-${randomBytes(12).toString('base64url')}` };
  log(`starting the product on ${baseUrl}`);
  const product = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      ...extraEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  for (const s of [product.stdout, product.stderr])
    s.on('data', (c) => (output = (output + c).slice(-20_000)));
  const exit = new Promise((ok) => product.on('exit', () => ((exited = true), ok())));
  let unregister = () => {};
  const stop = async () => {
    unregister();
    if (!exited) {
      product.kill('SIGTERM');
      await Promise.race([exit, new Promise((ok) => setTimeout(ok, 15_000))]);
      if (!exited) product.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Interrupted while it starts or runs, the bench stops it (and so its services) before exiting.
  unregister = stopOnSignal(stop);
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline && !exited) {
    if (/12Yards is running at/.test(output)) {
      try {
        if ((await fetch(`${baseUrl}/readyz`)).ok) return { baseUrl, admin, stop };
      } catch {}
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  process.stderr.write(output.slice(-4000));
  await stop();
  throw new Error('the product did not become ready');
}

/** A few articles and FAQs, written through the gateway as the admin. */
export async function seed(baseUrl, admin) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { csrfToken } = await login.json();
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const post = async (path, body) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  };
  const day = 86_400_000;
  const articles = [
    [
      'Riverside FC launches its fan app',
      'general',
      'Polls, points and matchday auctions for every home game.',
    ],
    [
      'Derby day: record voting in the stands',
      'match-report',
      'Forty thousand votes for the player of the match.',
    ],
    [
      'Three new partner clubs join 12Yards',
      'transfer-news',
      'Clubs from three leagues sign up for the new season.',
    ],
    [
      'How prediction games keep fans engaged',
      'tactical-analysis',
      'What a season of AI predictions taught us.',
    ],
  ];
  for (const [i, [title, category, excerpt]] of articles.entries()) {
    await post('/api/news', {
      title,
      category,
      excerpt,
      content: `${excerpt} The full story of how supporters use the app week after week.`,
      publishDate: new Date(Date.now() - (i + 1) * day).toISOString(),
      published: true,
    });
  }
  const faqs = [
    ['How long does it take to launch?', 'Two to three weeks from the first call.'],
    ['Are there setup costs?', 'No. We share the revenue the app makes.'],
    ['Which platforms are supported?', 'iOS, Android and the web.'],
  ];
  for (const [i, [question, answer]] of faqs.entries())
    await post('/api/admin/faqs', { question, answer, sortOrder: i });
}

/**
 * The product started (SHELL_DIST in `env` serves another build of the shell), seeded, its events given time to
 * reach the gateway's pages and each of PAGES fetched once, as a visitor before the measured ones would.
 */
export async function seededProduct(log, pages, env = {}) {
  const product = await startProduct(log, env);
  try {
    await seed(product.baseUrl, product.admin);
    await new Promise((r) => setTimeout(r, 2000));
    for (const path of pages) await fetch(`${product.baseUrl}${path}`, { headers: { accept: 'text/html' } });
  } catch (err) {
    await product.stop();
    throw err;
  }
  return product;
}
