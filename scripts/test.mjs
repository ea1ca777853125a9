#!/usr/bin/env node
// `npm test`: every jest tier (unit, int, contract, web), then the browser suite when it exists.
// Ends with one plain line "tests: N passed, N failed" for CI.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, '.jest-results.json');
rmSync(results, { force: true });

// jest's own output goes through as it comes; its last lines are kept, so that the end of the run (all CI shows of a
// long log) can say why jest failed when it wrote no results (a global setup that threw, a crash).
const jestTail = [];
const jest = await new Promise((done) => {
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules/jest/bin/jest.js'),
      '--json',
      `--outputFile=${results}`,
      ...process.argv.slice(2),
    ],
    { cwd: root, stdio: ['inherit', 'inherit', 'pipe'], env: { ...process.env, NODE_ENV: 'test' } },
  );
  let partial = '';
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    jestTail.push(...lines);
    if (jestTail.length > 400) jestTail.splice(0, jestTail.length - 400);
  });
  child.on('close', (status, signal) => {
    if (partial) jestTail.push(partial);
    done({ status, signal });
  });
});
const failures = [];
let passed = 0;
let failed = 0;
if (existsSync(results)) {
  const r = JSON.parse(readFileSync(results, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  for (const suite of r.testResults ?? []) {
    const file = suite.name.slice(root.length + 1);
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${file} > ${t.fullName}`);
    if (!failedTests.length && suite.status === 'failed')
      failures.push(
        `${file}: ${String(suite.message ?? '')
          .split('\n')
          .slice(0, 12)
          .join('\n    ')}`,
      );
  }
} else {
  failed += 1;
  failures.push(
    `jest wrote no results (exit code ${jest.status}${jest.signal ? `, signal ${jest.signal}` : ''}); its last lines:\n` +
      jestTail
        .filter((l) => l.trim())
        .slice(-40)
        .map((l) => `    ${l}`)
        .join('\n'),
  );
}
let status = jest.status ?? 1;

if (existsSync(join(root, 'e2e/run.mjs')) && !process.argv.includes('--no-e2e') && process.argv.length <= 2) {
  const e2e = spawnSync(process.execPath, [join(root, 'e2e/run.mjs')], { cwd: root, stdio: 'inherit' });
  const summary = join(root, 'e2e/test-results/summary.json');
  if (existsSync(summary)) {
    const s = JSON.parse(readFileSync(summary, 'utf8'));
    passed += s.passed;
    failed += s.failed;
  }
  if (e2e.status !== 0) status = e2e.status ?? 1;
}

// The fault scenarios stop and restart the real servers of infra/local: they run when those answer (CI starts them
// with `npm run infra:up`), after everything else. `--no-faults` or SKIP_FAULTS=1 leaves them out.
if (!process.argv.includes('--no-faults') && process.env.SKIP_FAULTS !== '1' && process.argv.length <= 2) {
  const { status: infraStatus } = await import('../infra/local/infra.mjs');
  const servers = await infraStatus();
  if (servers.every((s) => s.answering)) {
    const summary = join(root, '.faults-results.json');
    rmSync(summary, { force: true });
    const faults = spawnSync(
      process.execPath,
      [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'infra/faults/run.ts')],
      { cwd: root, stdio: 'inherit', env: { ...process.env, FAULTS_RESULTS: summary } },
    );
    const r = existsSync(summary) ? JSON.parse(readFileSync(summary, 'utf8')) : { passed: 0, failed: 1 };
    passed += r.passed;
    failed += r.failed;
    if (faults.status !== 0) status = faults.status ?? 1;
  } else {
    console.log(
      `\nfault scenarios skipped: real servers not answering (${servers
        .filter((s) => !s.answering)
        .map((s) => s.name)
        .join(', ')}); npm run infra:up starts them`,
    );
  }
}

if (failures.length) console.log(`\njest failures:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(status !== 0 ? status : failed > 0 ? 1 : 0);
