#!/usr/bin/env node
// `npm run bench`: every *.bench.ts / *.bench.mjs here, each printing JSON with its ratio against a baseline
// measured in the same run and whether it is within budget. Results are kept in bench/results/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
mkdirSync(join(here, 'results'), { recursive: true });
let failed = 0;
for (const file of readdirSync(here).filter(
  (f) => /\.bench\.(ts|mjs)$/.test(f) && (!only || f.includes(only)),
)) {
  const cmd = file.endsWith('.ts')
    ? ['npx', ['tsx', join(here, file)]]
    : [process.execPath, [join(here, file)]];
  const r = spawnSync(cmd[0], cmd[1], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'test' } });
  process.stdout.write(r.stdout);
  if (r.status !== 0) {
    failed++;
    process.stderr.write(r.stderr);
  }
  writeFileSync(join(here, 'results', file.replace(/\.(ts|mjs)$/, '.json')), r.stdout);
}
console.log(failed ? `${failed} benchmark(s) over budget or failing` : 'all benchmarks within budget');
process.exit(failed ? 1 : 0);
