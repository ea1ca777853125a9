#!/usr/bin/env node
// `npm start`: the gateway and the five services, each in its own process as in production, on the embedded
// adapters unless production URLs are set. Builds what is missing or stale, restarts a crashed service, stops on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.PORT ?? 8080);
const HOST = process.env.HOST ?? '127.0.0.1';
const DATA_DIR = resolve(process.env.DATA_DIR ?? join(root, 'data'));
const SERVICES = ['status', 'content', 'partners', 'contracts', 'media'];
const servicePort = (i) => PORT + 21 + i; // 8080 -> 8101..8105

const log = (msg) => process.stdout.write(`[start] ${msg}\n`);

// `--replicas N` (or REPLICAS=N): N processes of every service and of the gateway, each group behind one port
// (a round-robin balancer on the usual port); `--replicas partners=3,gateway=2` sets them per process. Replica r of
// slot k (services 0-4, gateway 5) listens on PORT+200+10k+r. Replicas share state only through the real servers,
// so they need MongoDB and Kafka.
const replicasArg = process.argv.indexOf('--replicas');
const replicasSpec = String(replicasArg > 0 ? process.argv[replicasArg + 1] : (process.env.REPLICAS ?? 1));
const replicaCounts = Object.fromEntries(
  [...SERVICES, 'gateway'].map((name) => {
    const own = replicasSpec.split(',').find((part) => part.startsWith(`${name}=`));
    const all = /^\d+$/.test(replicasSpec) ? replicasSpec : '1';
    return [name, Number(own ? own.slice(name.length + 1) : all)];
  }),
);
const unknownReplicas = replicasSpec
  .split(',')
  .filter((part) => !/^\d+$/.test(part) && !(part.split('=')[0] in replicaCounts));
if (
  unknownReplicas.length > 0 ||
  Object.values(replicaCounts).some((n) => !Number.isInteger(n) || n < 1 || n > 9)
) {
  log(`--replicas ${replicasSpec}: give N (1-9) or name=N pairs of ${[...SERVICES, 'gateway'].join(', ')}`);
  process.exit(1);
}
const REPLICAS = Math.max(...Object.values(replicaCounts));
if (REPLICAS > 1 && (!process.env.MONGO_URL || !process.env.KAFKA_BROKERS)) {
  log(
    '--replicas needs the real servers (MONGO_URL and KAFKA_BROKERS): use npm run start:real -- --replicas N',
  );
  process.exit(1);
}
const replicaPort = (slot, r) => PORT + 200 + 10 * slot + r;

if (!existsSync(join(root, 'node_modules'))) {
  log('node_modules is missing: running npm ci first');
  const r = spawnSync('npm', ['ci'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}
const mtime = (f) => (existsSync(f) ? statSync(f).mtimeMs : 0);

// Build what is missing or older than its sources.
const serverSources = Math.max(
  ...[
    'gateway/src',
    'packages/api/src',
    'packages/platform/src',
    'packages/workbench/src',
    ...SERVICES.map((s) => `services/${s}/src`),
  ].map((d) => newestMtime(join(root, d))),
);
const serverBuilt = Math.min(
  mtime(join(root, 'gateway/dist/main.js')),
  ...SERVICES.map((s) => mtime(join(root, `services/${s}/dist/main.js`))),
);
if (serverBuilt < serverSources) {
  log('building the gateway and services');
  const r = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--server-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const webSources = Math.max(
  ...['web/shell/src', 'web/admin/src', 'packages/ui/src', 'packages/api/src'].map((d) =>
    newestMtime(join(root, d)),
  ),
);
const webBuilt = Math.min(
  mtime(join(root, 'web/shell/dist/index.html')),
  existsSync(join(root, 'web/admin/src')) ? mtime(join(root, 'web/admin/dist/remoteEntry.js')) : Infinity,
);
if (existsSync(join(root, 'web/shell/src')) && webBuilt < webSources) {
  log('building the web apps');
  const r = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--web-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The data folder and the secret the gateway signs admin identities with (shared with the services) are the
// owner's only: 0700 and 0600.
const secretFile = join(DATA_DIR, '.internal-secret');
let INTERNAL_SECRET = process.env.INTERNAL_SECRET;
try {
  mkdirSync(DATA_DIR, { recursive: true, mode: 0o700 });
  chmodSync(DATA_DIR, 0o700);
  if (!INTERNAL_SECRET && !existsSync(secretFile)) {
    writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  if (!INTERNAL_SECRET) {
    chmodSync(secretFile, 0o600);
    INTERNAL_SECRET = readFileSync(secretFile, 'utf8').trim();
  }
} catch (err) {
  log(`DATA_DIR ${DATA_DIR} is not usable: ${err.code ?? err.message}`);
  process.exit(1);
}

const urls = Object.fromEntries(
  SERVICES.map((s, i) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${servicePort(i)}`]),
);
// Locally over plain HTTP the session cookie cannot be Secure; production behind TLS sets NODE_ENV=production itself.
const common = { ...process.env, DATA_DIR, INTERNAL_SECRET, NODE_ENV: process.env.NODE_ENV ?? 'development' };

/** One process per replica; with one replica it listens on the usual port itself, without a balancer. */
const replicasOf = (name, slot, port, env) =>
  Array.from({ length: replicaCounts[name] }, (_, r) => {
    const single = replicaCounts[name] === 1;
    const instance = single ? name : `${name}-${r + 1}`;
    const instancePort = single ? port : replicaPort(slot, r);
    return {
      name: instance,
      group: name,
      script: join(root, name === 'gateway' ? 'gateway/dist/main.js' : `services/${name}/dist/main.js`),
      env: {
        ...env,
        PORT: String(instancePort),
        ...(!single && { HOST: '127.0.0.1', INSTANCE_ID: instance }),
      },
    };
  });
const procs = [
  ...SERVICES.flatMap((s, i) =>
    // Services get the others' URLs too: contracts asks partners for a partner its view has not heard of yet.
    replicasOf(s, i, servicePort(i), { ...common, ...urls, PORT: String(servicePort(i)), HOST: '127.0.0.1' }),
  ),
  ...replicasOf('gateway', 5, PORT, { ...common, ...urls, PORT: String(PORT), HOST }),
];

for (const p of procs.filter((p) => !existsSync(p.script)))
  log(`${p.name} has no build at ${p.script}: not started`);
const runnable = procs.filter((p) => existsSync(p.script));

let stopping = false;
let exitCode = 0;
const children = new Map();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// A process that exits this many times in a row before it was ever ready (a bad setting, an unusable data
// folder, a damaged database) will not start by being restarted again: its message is above; stop everything.
const MAX_FAILED_STARTS = 3;

/**
 * Polls the process's /readyz until it answers 200 (true) or the process ends (false). One that answers, though not
 * ready, is `alive`: the gateway while a service is down serves what it can (the public pages).
 */
async function becomesReady(p, child) {
  while (!stopping && child.exitCode === null && child.signalCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${p.env.PORT}/readyz`)).ok) return true;
      p.alive = true;
    } catch {}
    await sleep(200);
  }
  return false;
}

/** What a process's message names as damaged (`<file>.sqlite is damaged (...)`), if it does. */
const damagedFile = (text) => /(\S+\.sqlite) is damaged/.exec(text ?? '')?.[1];

function launch(p, attempt = 0, failedStarts = 0) {
  const child = spawn(process.execPath, ['--enable-source-maps', p.script], {
    cwd: root,
    env: p.env,
    stdio: ['inherit', 'inherit', 'pipe'],
  });
  // Passed through as it comes; its last lines kept to say why the process could not start.
  p.lastError = '';
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    p.lastError = (p.lastError + chunk).slice(-2000);
  });
  const started = Date.now();
  children.set(p.name, child);
  p.ready = false;
  p.alive = false;
  void becomesReady(p, child).then((ready) => {
    if (children.get(p.name) === child) p.ready = ready;
  });
  child.on('exit', (code, signal) => {
    children.delete(p.name);
    const wasReady = p.ready;
    p.ready = false;
    if (stopping) return;
    const failed = wasReady ? 0 : failedStarts + 1;
    if (failed >= MAX_FAILED_STARTS && p.group !== 'gateway') {
      // One service down is not the site down: the gateway and the other services go on, the public pages too.
      const file = damagedFile(p.lastError);
      p.givenUp = true;
      log(
        `${p.name} exited (${signal ?? code}) ${failed} times before it was ready; ${
          file ? `its database file ${file} is damaged` : 'see its message above'
        }. The other services and the public pages go on without it; ${
          file ? 'restore or repair that file (or move it away to start it empty), then ' : ''
        }restart npm start.`,
      );
      return;
    }
    if (failed >= MAX_FAILED_STARTS) {
      log(
        `${p.name} exited (${signal ?? code}) ${failed} times before it was ready; see its message above. Stopping.`,
      );
      exitCode = 1;
      stop('a process cannot start');
      return;
    }
    // Back off 1 s, 2 s, 4 s ... up to 30 s; a process that ran for a minute starts the count again.
    const next = Date.now() - started > 60_000 ? 0 : attempt + 1;
    const delay = Math.min(30_000, 1000 * 2 ** Math.max(0, next - 1));
    log(`${p.name} exited (${signal ?? code}); restarting in ${delay} ms`);
    setTimeout(() => !stopping && launch(p, next, failed), delay);
  });
}
for (const p of runnable) launch(p);

// The balancers in front of the replicas: the gateway's on HOST:PORT, each service's on its usual port.
if (REPLICAS > 1) {
  const { startBalancer } = await import('./lib/balancer.mjs');
  const groups = [
    ...SERVICES.map((s, i) => ({ name: s, host: '127.0.0.1', port: servicePort(i) })),
    { name: 'gateway', host: HOST, port: PORT },
  ].filter((g) => replicaCounts[g.name] > 1);
  try {
    await Promise.all(
      groups.map((g) =>
        startBalancer({
          host: g.host,
          port: g.port,
          targets: runnable
            .filter((p) => p.group === g.name)
            .map((p) => ({ host: '127.0.0.1', port: Number(p.env.PORT) })),
          onError: (err) => log(`${g.name}: no replica accepted a connection (${err.code ?? err.message})`),
        }),
      ),
    );
  } catch (err) {
    log(`cannot listen for the replicas: ${err.message}`);
    exitCode = 1;
    stop('balancer');
  }
}

async function waitReady() {
  const deadline = Date.now() + 60_000 * REPLICAS;
  let saidSlow = false;
  while (!stopping) {
    // A service given up on (it cannot start) does not hold the others back, nor the gateway, which then answers
    // without being ready (its readiness includes every service's).
    const someDown = runnable.some((p) => p.givenUp);
    const serving = (p) => p.ready || p.givenUp || (someDown && p.group === 'gateway' && p.alive);
    if (runnable.every(serving)) return runnable.some((p) => p.group === 'gateway' && (p.ready || p.alive));
    if (!saidSlow && Date.now() > deadline) {
      saidSlow = true;
      log(`some processes are not ready after ${60 * REPLICAS} s; see the logs above`);
    }
    await sleep(200);
  }
  return false;
}
waitReady().then((ok) => {
  const down = runnable.filter((p) => p.givenUp).map((p) => p.name);
  if (ok)
    log(
      `12Yards is running at http://${HOST === '0.0.0.0' ? 'localhost' : HOST}:${PORT}  (${
        REPLICAS > 1
          ? `replicas ${Object.entries(replicaCounts)
              .map(([k, v]) => `${k}=${v}`)
              .join(' ')}; `
          : ''
      }data in ${DATA_DIR}; Ctrl-C stops)${down.length ? `, without ${down.join(', ')} (see above)` : ''}`,
    );
  else if (!stopping) log('the gateway is not answering; see the logs above');
  if (ok) void watchDamage();
});

/**
 * While running, a service that finds its database file damaged answers /readyz 503 naming it: said here once per
 * file (the service goes on answering what it can; the others are not affected).
 */
async function watchDamage() {
  const said = new Set();
  while (!stopping) {
    await sleep(5_000);
    for (const p of runnable.filter((p) => p.ready && p.group !== 'gateway')) {
      try {
        const res = await fetch(`http://127.0.0.1:${p.env.PORT}/readyz`, {
          signal: AbortSignal.timeout(2_000),
        });
        const body = res.status === 503 ? await res.json() : undefined;
        for (const why of body?.damaged ?? []) {
          if (said.has(why)) continue;
          said.add(why);
          log(`${p.name} is not ready: ${why}. Stop, restore or repair the file, and start again.`);
        }
      } catch {
        // Not answering now: its restart (above) says so if it exits.
      }
    }
  }
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  log(`stopping (${signal})`);
  for (const child of children.values()) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(1);
  }, 10_000);
  const check = setInterval(() => {
    if (children.size === 0) {
      clearInterval(check);
      clearTimeout(force);
      process.exit(exitCode);
    }
  }, 50);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
