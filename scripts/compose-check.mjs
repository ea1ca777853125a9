#!/usr/bin/env node
// `npm run compose:check`: docker-compose.yml is valid Compose (checked by Debian's `docker-compose config`, or the
// `docker compose` plugin when installed; no engine needed) and can be scaled: `docker compose up --scale partners=3`
// needs, on every service that can have replicas, no container_name and no fixed host port, a healthcheck, and
// dependencies that wait for health (condition: service_healthy).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const file = join(root, 'docker-compose.yml');
// The one entry point that keeps a fixed host port (the balancer in front of the gateway replicas); everything
// behind it scales. It waits for the gateway, not for the servers behind it.
const SINGLE_ENTRY = new Set(['balancer']);
const INFRA = new Set(['mongo', 'kafka', 'redis', 'minio']);

const problems = [];
const which = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim();
// A fresh machine of this kind has neither: as root, Debian's docker-compose is installed (as infra.mjs installs
// redis-server); the plugin is not, it would have to be built from source.
const hasPlugin = () => spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0;
if (!hasPlugin() && !which('docker-compose') && process.getuid?.() === 0) {
  console.log("compose:check: installing Debian's docker-compose (apt-get install -y docker-compose)");
  const apt = (args) =>
    spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (apt(['install', '-y', '--no-install-recommends', 'docker-compose']).status !== 0) {
    apt(['update']);
    apt(['install', '-y', '--no-install-recommends', 'docker-compose']);
  }
}
const tool = hasPlugin() ? ['docker', 'compose'] : which('docker-compose') ? ['docker-compose'] : null;
if (!tool) {
  console.error(
    "compose:check needs `docker compose` or Debian's docker-compose (apt-get install -y docker-compose)",
  );
  process.exit(2);
}

// env_file must exist for `config`; the secrets file is made from its example for the check only.
const secrets = join(root, 'infra/docker/.env.secrets');
const madeSecrets = !existsSync(secrets);
if (madeSecrets) copyFileSync(join(root, 'infra/docker/secrets.env.example'), secrets);
let rendered;
try {
  const r = spawnSync(tool[0], [...tool.slice(1), '-f', file, '-p', '12yards', 'config'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    console.error(`${tool.join(' ')} config: docker-compose.yml is invalid:\n${r.stderr || r.stdout}`);
    process.exit(1);
  }
  rendered = parse(r.stdout);
} finally {
  if (madeSecrets) rmSync(secrets, { force: true });
}

const services = rendered.services ?? {};
// Services in a profile (observability: the collector, Jaeger, Prometheus, Grafana) are the operators' tools, started
// only on request and never scaled: the scaling rules below are for the stack. Their config files must exist.
const tools = new Set(
  Object.entries(services)
    .filter(([, svc]) => (svc.profiles ?? []).length > 0)
    .map(([name]) => name),
);
for (const name of tools) {
  for (const v of services[name].volumes ?? []) {
    const source =
      typeof v === 'object' ? (v.type === 'bind' ? v.source : undefined) : String(v).split(':')[0];
    if (source?.startsWith('/') && !existsSync(source))
      problems.push(`${name}: mounts ${source}, which is missing`);
  }
}
for (const [name, svc] of Object.entries(services)) {
  if (tools.has(name)) continue;
  if (svc.container_name) problems.push(`${name}: container_name stops it from scaling`);
  if (!svc.healthcheck || svc.healthcheck.disable) problems.push(`${name}: no healthcheck`);
  const published = (svc.ports ?? []).filter((p) =>
    typeof p === 'object' ? p.published : String(p).includes(':'),
  );
  if (published.length > 0 && !SINGLE_ENTRY.has(name) && !INFRA.has(name))
    problems.push(`${name}: a fixed host port stops it from scaling`);
  for (const [dep, how] of Object.entries(svc.depends_on ?? {})) {
    if (how?.condition !== 'service_healthy')
      problems.push(`${name}: depends_on ${dep} should wait for condition: service_healthy`);
  }
}
const apps = Object.keys(services).filter((n) => !INFRA.has(n) && !tools.has(n) && !SINGLE_ENTRY.has(n));
for (const name of SINGLE_ENTRY)
  if (!Object.keys(services[name]?.depends_on ?? {}).includes('gateway'))
    problems.push(`${name}: does not wait for the gateway`);
for (const name of apps) {
  const deps = Object.keys(services[name].depends_on ?? {});
  for (const infra of ['mongo', 'kafka', 'redis', 'minio'])
    if (!deps.includes(infra)) problems.push(`${name}: does not wait for ${infra}`);
}

if (problems.length > 0) {
  console.error(`docker-compose.yml cannot be scaled as it is:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `docker-compose.yml: valid (${tool.join(' ')} config); ${apps.length} app services scale ` +
    `(no container names or fixed host ports but the balancer's, healthchecks, service_healthy dependencies` +
    (tools.size > 0 ? `; profile tools: ${[...tools].join(', ')}` : '') +
    ')',
);
