#!/usr/bin/env node
// `npm run vuln-check`: known vulnerabilities of the packages in package-lock.json, with osv-scanner (a Go module,
// built once into ~/.cache/12yards). `npm audit` needs an advisory endpoint; osv-scanner needs either osv.dev or an
// offline copy of its npm database. Where neither can be had, this says so in one line and exits 0: an unreachable
// database is not a finding. Found vulnerabilities exit 1.
//
// An offline database: put osv.dev's npm/all.zip at $OSV_SCANNER_LOCAL_DB_CACHE_DIRECTORY/osv-scanner/npm/all.zip
// (default directory ~/.cache/12yards/osv-db) and it is used without any network.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const OSV_SCANNER = 'github.com/google/osv-scanner/v2/cmd/osv-scanner@v2.5.0'; // v2.6.0 needs Go 1.27
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), '12yards');
const dbDir = process.env.OSV_SCANNER_LOCAL_DB_CACHE_DIRECTORY ?? join(cache, 'osv-db');
const offlineDb = join(dbDir, 'osv-scanner/npm/all.zip');
const log = (msg) => process.stdout.write(`[vuln-check] ${msg}\n`);

/** Whether osv.dev's API answers at all (a short timeout: here it usually does not resolve). */
async function osvReachable() {
  try {
    await fetch('https://api.osv.dev/v1/query', {
      method: 'POST',
      body: JSON.stringify({ package: { name: 'express', ecosystem: 'npm' }, version: '5.0.0' }),
      signal: AbortSignal.timeout(5000),
    });
    return { ok: true };
  } catch (err) {
    return { ok: false, why: err.cause?.message ?? err.message };
  }
}

function scanner() {
  const bin = join(cache, 'bin', 'osv-scanner-v2.5.0', 'osv-scanner');
  if (existsSync(bin)) return bin;
  log(`building ${OSV_SCANNER} (once; a few minutes)`);
  const r = spawnSync('go', ['install', OSV_SCANNER], {
    stdio: 'inherit',
    env: { ...process.env, GOBIN: dirname(bin), GOTOOLCHAIN: 'local' },
  });
  if (r.error?.code === 'ENOENT') return null;
  if (r.status !== 0) throw new Error(`go install ${OSV_SCANNER} failed (${r.status})`);
  return bin;
}

const offline = existsSync(offlineDb);
const online = offline ? { ok: false } : await osvReachable();
if (!offline && !online.ok) {
  log(
    `SKIPPED: no vulnerability database. osv.dev is unreachable (${online.why}) and there is no offline copy at ` +
      `${offlineDb}. Nothing was checked; this is not counted as a failure.`,
  );
  process.exit(0);
}

const bin = scanner();
if (!bin) {
  log('SKIPPED: Go is not installed, so osv-scanner cannot be built. Nothing was checked.');
  process.exit(0);
}
const args = ['scan', 'source', '--lockfile', join(root, 'package-lock.json')];
if (offline) args.push('--offline-vulnerabilities');
log(`scanning package-lock.json against ${offline ? `the offline database ${offlineDb}` : 'osv.dev'}`);
const r = spawnSync(bin, args, {
  stdio: ['ignore', 'inherit', 'pipe'],
  encoding: 'utf8',
  env: { ...process.env, OSV_SCANNER_LOCAL_DB_CACHE_DIRECTORY: dbDir },
});
process.stderr.write(r.stderr ?? '');
// osv-scanner: 0 nothing found, 1 vulnerabilities found, 127 a general error (e.g. the database could not be read).
if (r.status === 0) log('no known vulnerabilities');
else if (r.status === 1) log('FAILED: known vulnerabilities found (listed above)');
else if (/unable to fetch|no such host|dial tcp|max retries exceeded|timeout/i.test(r.stderr ?? '')) {
  log(
    'SKIPPED: the vulnerability database could not be fetched during the scan (see above); nothing was checked.',
  );
  process.exit(0);
} else log(`FAILED: osv-scanner ended with ${r.status ?? r.signal}`);
process.exit(r.status === 0 ? 0 : 1);
