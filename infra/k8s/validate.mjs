#!/usr/bin/env node
// `npm run k8s:validate`: renders every kustomize overlay of infra/k8s and checks each manifest against the
// Kubernetes OpenAPI schemas, strictly (unknown fields are errors).
//   kustomize            go install sigs.k8s.io/kustomize/kustomize/v5 (Go module proxy)
//   kubernetes-validate  PyPI; ships the schemas of every Kubernetes version, so nothing is fetched at check time
// Both are installed once into ~/.cache/12yards/tools (override with YARDS_TOOLS_HOME) and reused.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const KUSTOMIZE = 'sigs.k8s.io/kustomize/kustomize/v5@v5.7.1';
const VALIDATOR = 'kubernetes-validate==1.37.0';
const KUBERNETES_VERSION = '1.33.0';

const here = dirname(fileURLToPath(import.meta.url));
const tools = process.env.YARDS_TOOLS_HOME ?? join(homedir(), '.cache/12yards/tools');
const cache = join(homedir(), '.cache/12yards/infra/go');
const log = (msg) => process.stderr.write(`[k8s] ${msg}\n`);

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (r.status !== 0) {
    process.stderr.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.error}`);
  }
  return r.stdout;
}

function ensureKustomize() {
  const bin = join(tools, 'bin/kustomize');
  if (existsSync(bin)) return bin;
  log(`installing ${KUSTOMIZE}`);
  mkdirSync(join(tools, 'bin'), { recursive: true });
  run('go', ['install', KUSTOMIZE], {
    cwd: tmpdir(),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      GOBIN: join(tools, 'bin'),
      GOMODCACHE: join(cache, 'mod'),
      GOCACHE: join(cache, 'cache'),
      GOTOOLCHAIN: 'local',
    },
  });
  return bin;
}

function ensureValidator() {
  const venv = join(tools, 'venv');
  const bin = join(venv, 'bin/kubernetes-validate');
  if (existsSync(bin)) return bin;
  log(`installing ${VALIDATOR}`);
  run('python3', ['-m', 'venv', venv]);
  run(join(venv, 'bin/pip'), ['install', '--quiet', VALIDATOR]);
  return bin;
}

process.on('uncaughtException', (err) => {
  log(`FAILED: ${err.message}`);
  process.exit(1);
});

const kustomize = ensureKustomize();
const validate = ensureValidator();
const overlays = readdirSync(join(here, 'overlays'));
let documents = 0;
for (const overlay of overlays) {
  // A scratch copy, so that the example secrets never sit where `kubectl apply -k` would pick them up.
  const scratch = mkdtempSync(join(tmpdir(), 'k8s-'));
  try {
    cpSync(here, scratch, { recursive: true });
    const dir = join(scratch, 'overlays', overlay);
    const example = join(dir, 'secrets.env.example');
    if (existsSync(example)) cpSync(example, join(dir, 'secrets.env'));
    const rendered = run(kustomize, ['build', dir]);
    const file = join(scratch, `${overlay}.yaml`);
    writeFileSync(file, rendered);
    run(validate, ['--strict', '--quiet', '-k', KUBERNETES_VERSION, file], {
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    const count = rendered.split(/^---$/m).filter((d) => /\bkind:/.test(d)).length;
    documents += count;
    log(`overlay ${overlay}: ${count} manifests valid against Kubernetes ${KUBERNETES_VERSION} (strict)`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
log(`${overlays.length} overlay(s), ${documents} manifests: all valid`);
