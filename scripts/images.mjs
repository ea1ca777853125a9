#!/usr/bin/env node
// `npm run images [-- name...]`: builds, on this machine and without any container registry, every image the
// compose stack needs (infra/docker/compose.local.yml points docker-compose at them):
//   a Debian bookworm base made with debootstrap (cached as a tarball under ~/.cache/12yards/images and imported),
//   Debian flavours of it (OpenJDK 17, redis-server, haproxy, prometheus: apt-get install in a chroot on the host),
//   the observability profile's OpenTelemetry Collector and Jaeger (Go builds on the host of infra/observability/otelcol
//   and infra/observability/jaeger, from the Go module proxy),
//   12yards/node:<version> (the Node of scripts/node-runtime.sh), the app images (infra/docker/local/apps.Dockerfile,
//   bundles built on the host), and the infrastructure images from infra/local's artifacts (FerretDB, MinIO, Kafka).
// Every image carries the hash of its inputs as a label and is rebuilt only when they change. DOCKER_HOST is
// honoured. `--no-build` takes the dist folders as they are (after `npm run build`). Also importable: `import { buildImages, IMAGES } from './images.mjs'`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { artifact, partialPath, VERSIONS } from '../infra/local/infra.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = process.env.YARDS_IMAGES_HOME || join(homedir(), '.cache', '12yards', 'images');
const LOCAL = join(root, 'infra/docker/local');
const NODE_VERSION = readFileSync(join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
const NODE_HOME =
  process.env.YARDS_NODE_HOME ||
  join(
    process.env.YARDS_TOOLS_HOME || join(homedir(), '.cache', '12yards', 'tools'),
    `node-v${NODE_VERSION}`,
  );
const SUITE = 'bookworm';
const MIRROR = process.env.DEBIAN_MIRROR || 'http://deb.debian.org/debian';

/** The images docker-compose uses, by the variable compose.local.yml reads them from. */
export const IMAGES = {
  MONGO_IMAGE: `12yards/ferretdb:${VERSIONS.ferretdb.replace(/^v/, '')}`,
  KAFKA_IMAGE: `12yards/kafka:${VERSIONS.kafka}`,
  REDIS_IMAGE: `12yards/redis:${SUITE}`,
  MINIO_IMAGE: `12yards/minio:RELEASE.2025-09-07T16-13-09Z`,
  PROMETHEUS_IMAGE: `12yards/prometheus:${SUITE}`,
  OTEL_COLLECTOR_IMAGE: '12yards/otelcol:0.165.0',
  JAEGER_IMAGE: '12yards/jaeger:1.76.0',
  BALANCER_IMAGE: `12yards/haproxy:${SUITE}`,
  STATUS_IMAGE: '12yards/status:local',
  CONTENT_IMAGE: '12yards/content:local',
  PARTNERS_IMAGE: '12yards/partners:local',
  CONTRACTS_IMAGE: '12yards/contracts:local',
  CONTRACTS_WORKER_IMAGE: '12yards/contracts-worker:local',
  MEDIA_IMAGE: '12yards/media:local',
  GATEWAY_IMAGE: '12yards/gateway:local',
};
const BASE = `12yards/debian:${SUITE}-minbase`;
const FLAVOURS = {
  java17: { tag: `12yards/debian-java17:${SUITE}`, packages: ['openjdk-17-jre-headless'] },
  redis: { tag: `12yards/debian-redis:${SUITE}`, packages: ['redis-server'] },
  prometheus: { tag: `12yards/debian-prometheus:${SUITE}`, packages: ['prometheus'] },
  haproxy: { tag: `12yards/debian-haproxy:${SUITE}`, packages: ['haproxy'] },
};
const NODE_IMAGE = `12yards/node:${NODE_VERSION}`;
const RUNTIME_IMAGE = '12yards/app-runtime:local';
const APPS = [
  ['STATUS_IMAGE', 'service', 'services/status', 'main.js'],
  ['CONTENT_IMAGE', 'service', 'services/content', 'main.js'],
  ['PARTNERS_IMAGE', 'service', 'services/partners', 'main.js'],
  ['CONTRACTS_IMAGE', 'service', 'services/contracts', 'main.js'],
  ['CONTRACTS_WORKER_IMAGE', 'service', 'services/contracts', 'worker.js'],
  ['MEDIA_IMAGE', 'service', 'services/media', 'main.js'],
  ['GATEWAY_IMAGE', 'gateway', 'gateway', 'main.js'],
];
const WORKSPACES = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;

const log = (msg) => process.stderr.write(`[images] ${msg}\n`);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const sha = (...parts) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(typeof p === 'string' ? p : p).update('\0');
  return h.digest('hex').slice(0, 16);
};
const fileHash = (...files) => sha(...files.map((f) => readFileSync(f)));

function run(cmd, args, { cwd = root, env, input, quiet = false } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let tail = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (!quiet) tail = (tail + d).slice(-4000);
    });
    child.stderr.on('data', (d) => (tail = (tail + d).slice(-4000)));
    if (input) input(child.stdin);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolvePromise(out)
        : reject(new Error(`${cmd} ${args.slice(0, 4).join(' ')} ... exited with ${code}:\n${tail}`)),
    );
  });
}

const docker = (args, opts) => run('docker', args, opts);

/** The inputs label of an image, or null when there is no such image. */
function imageInputs(tag) {
  const r = spawnSync(
    'docker',
    ['image', 'inspect', '--format', '{{ index .Config.Labels "org.12yards.inputs" }}', tag],
    {
      encoding: 'utf8',
    },
  );
  return r.status === 0 ? r.stdout.trim() : null;
}

export function engineAnswers() {
  return (
    spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 15_000 })
      .status === 0
  );
}

// ---- Debian root file systems (debootstrap on the host, cached as tarballs) ----

const rootfsDir = join(CACHE, 'rootfs');

async function debootstrapBase() {
  const key = sha(SUITE, 'minbase', MIRROR);
  const tar = join(rootfsDir, `debian-${SUITE}-minbase-${key}.tar`);
  if (existsSync(tar)) return { tar, key };
  if (process.getuid?.() !== 0) throw new Error('debootstrap needs root (sudo npm run images)');
  if (spawnSync('sh', ['-c', 'command -v debootstrap']).status !== 0)
    throw new Error('debootstrap is not installed: apt-get install -y debootstrap');
  const dir = partialPath(join(rootfsDir, `debian-${SUITE}-minbase`));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  log(`debootstrap --variant=minbase ${SUITE} (first time only)`);
  await run('debootstrap', ['--variant=minbase', SUITE, dir, MIRROR], { quiet: true });
  slim(dir);
  const packed = partialPath(tar);
  await run('tar', ['-C', dir, '--numeric-owner', '-cf', packed, '.']);
  renameSync(packed, tar);
  rmSync(dir, { recursive: true, force: true });
  log(`Debian ${SUITE} minbase made in ${seconds(started)}`);
  return { tar, key };
}

/** Drops what a container never reads: apt lists and caches, documentation, man pages, locales. */
function slim(dir) {
  for (const sub of [
    'var/lib/apt/lists',
    'var/cache/apt',
    'usr/share/doc',
    'usr/share/man',
    'usr/share/info',
  ]) {
    const p = join(dir, sub);
    if (!existsSync(p)) continue;
    for (const entry of readdirSync(p)) {
      if (entry === 'partial' || entry === 'lock') continue;
      rmSync(join(p, entry), { recursive: true, force: true });
    }
  }
  const locales = join(dir, 'usr/share/locale');
  if (existsSync(locales))
    for (const l of readdirSync(locales))
      if (!l.startsWith('locale.alias')) rmSync(join(locales, l), { recursive: true, force: true });
}

/** The base with Debian packages added by apt-get in a chroot (the host reaches Debian's mirror; a container does not). */
async function flavourRootfs(name, base) {
  const { packages } = FLAVOURS[name];
  const key = sha(base.key, ...packages);
  const tar = join(rootfsDir, `debian-${SUITE}-${name}-${key}.tar`);
  if (existsSync(tar)) return { tar, key };
  const dir = partialPath(join(rootfsDir, `debian-${SUITE}-${name}`));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  log(`${name}: apt-get install ${packages.join(' ')} into the ${SUITE} base`);
  await run('tar', ['-C', dir, '--numeric-owner', '-xf', base.tar]);
  copyFileSync('/etc/resolv.conf', join(dir, 'etc/resolv.conf'));
  // No service is started in the chroot by a package's postinst.
  writeFileSync(join(dir, 'usr/sbin/policy-rc.d'), '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  const env = { DEBIAN_FRONTEND: 'noninteractive', PATH: '/usr/sbin:/usr/bin:/sbin:/bin' };
  // In a mount namespace of its own, so /proc (which the JRE's postinst needs) is unmounted when apt-get ends.
  const inChroot = (command) =>
    run(
      'unshare',
      ['--mount', '--fork', 'sh', '-c', `mount -t proc proc "$0/proc" && chroot "$0" ${command}`, dir],
      {
        env,
        quiet: true,
      },
    );
  await inChroot('apt-get update -q');
  await inChroot(`apt-get install -y -q --no-install-recommends ${packages.join(' ')}`);
  await inChroot('apt-get clean');
  rmSync(join(dir, 'usr/sbin/policy-rc.d'));
  writeFileSync(join(dir, 'etc/resolv.conf'), '');
  slim(dir);
  const packed = partialPath(tar);
  await run('tar', ['-C', dir, '--numeric-owner', '-cf', packed, '.']);
  renameSync(packed, tar);
  rmSync(dir, { recursive: true, force: true });
  log(`${name}: root file system made in ${seconds(started)}`);
  return { tar, key };
}

async function importRootfs(tag, { tar, key }) {
  if (imageInputs(tag) === key) return;
  const started = Date.now();
  await docker(
    [
      'import',
      '--change',
      `LABEL org.12yards.inputs=${key}`,
      '--change',
      'CMD ["bash"]',
      '--change',
      'ENV LANG=C.UTF-8',
      tar,
      tag,
    ],
    { quiet: true },
  );
  log(`${tag}: imported in ${seconds(started)}`);
}

// ---- docker build from a context made here ----

async function build(tag, dockerfile, context, { inputs, args = {}, target } = {}) {
  if (inputs && imageInputs(tag) === inputs) {
    log(`${tag}: up to date`);
    return;
  }
  const started = Date.now();
  const argv = ['build', '-q', '-f', join(LOCAL, dockerfile), '-t', tag];
  if (target) argv.push('--target', target);
  for (const [k, v] of Object.entries(args)) argv.push('--build-arg', `${k}=${v}`);
  if (inputs) argv.push('--label', `org.12yards.inputs=${inputs}`);
  argv.push(context);
  // The legacy builder only: no BuildKit frontend image can be pulled here.
  await docker(argv, { env: { DOCKER_BUILDKIT: '0' }, quiet: true });
  log(`${tag}: built in ${seconds(started)}`);
}

function freshDir(name) {
  const dir = join(CACHE, 'contexts', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function nodeImage() {
  const bin = join(NODE_HOME, 'bin', 'node');
  if (!existsSync(bin))
    throw new Error(`no Node ${NODE_VERSION} at ${bin}: run \`. scripts/node-runtime.sh\` first`);
  const inputs = sha(
    imageInputs(BASE) ?? '',
    fileHash(join(LOCAL, 'node.Dockerfile')),
    String(statSync(bin).size),
    NODE_VERSION,
  );
  if (imageInputs(NODE_IMAGE) === inputs) return log(`${NODE_IMAGE}: up to date`);
  const ctx = freshDir('node');
  copyFileSync(bin, join(ctx, 'node'));
  await build(NODE_IMAGE, 'node.Dockerfile', ctx, { inputs, args: { BASE_IMAGE: BASE } });
}

/** Production dependencies of every workspace, installed on the host once per lock file. */
async function runtimeImage() {
  const manifests = ['package.json', 'package-lock.json', ...WORKSPACES.map((w) => `${w}/package.json`)];
  const key = sha(NODE_VERSION, ...manifests.map((m) => readFileSync(join(root, m))));
  const inputs = sha(key, imageInputs(NODE_IMAGE) ?? '', fileHash(join(LOCAL, 'app-runtime.Dockerfile')));
  if (imageInputs(RUNTIME_IMAGE) === inputs) return log(`${RUNTIME_IMAGE}: up to date`);
  const deps = join(CACHE, 'deps', key);
  if (!existsSync(join(deps, '.complete'))) {
    const started = Date.now();
    log('npm ci --omit=dev in a copy of the manifests (once per package-lock.json)');
    rmSync(join(CACHE, 'deps'), { recursive: true, force: true });
    for (const m of manifests) {
      mkdirSync(dirname(join(deps, m)), { recursive: true });
      copyFileSync(join(root, m), join(deps, m));
    }
    await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: deps,
      quiet: true,
      env: { PATH: `${join(NODE_HOME, 'bin')}:${process.env.PATH}`, npm_config_nodedir: NODE_HOME },
    });
    writeFileSync(join(deps, '.complete'), `${new Date().toISOString()}\n`);
    log(`production dependencies installed in ${seconds(started)}`);
  }
  await build(RUNTIME_IMAGE, 'app-runtime.Dockerfile', deps, { inputs, args: { NODE_IMAGE } });
}

/** The bundles (node scripts/build.mjs on the host), then one image per deployable from them. */
async function appImages({ bundle = true } = {}) {
  let started = Date.now();
  if (bundle) {
    await run(process.execPath, [join(root, 'scripts/build.mjs')], { quiet: true });
    log(`bundles and web apps built in ${seconds(started)}`);
  } else log('--no-build: the dist folders as they are');
  const ctx = freshDir('apps');
  for (const ws of [
    'gateway',
    'web/shell',
    'web/admin',
    ...WORKSPACES.filter((w) => w.startsWith('services/')),
  ]) {
    cpSync(join(root, ws, 'dist'), join(ctx, ws, 'dist'), { recursive: true });
    if (ws.startsWith('services/')) {
      const assets = join(root, ws, 'assets');
      mkdirSync(join(ctx, ws, 'assets'), { recursive: true });
      if (existsSync(assets)) cpSync(assets, join(ctx, ws, 'assets'), { recursive: true });
    }
  }
  started = Date.now();
  // Layer caching keeps an unchanged bundle's image as it was; builds one at a time (2 cores).
  for (const [variable, target, app, entry] of APPS) {
    await build(IMAGES[variable], 'apps.Dockerfile', ctx, {
      target,
      args: { RUNTIME_IMAGE, APP: app, ENTRY: entry },
    });
  }
  log(`app images built in ${seconds(started)}`);
}

async function binaryImage(variable, dockerfile, file, source) {
  const inputs = sha(
    imageInputs(BASE) ?? '',
    fileHash(join(LOCAL, dockerfile)),
    String(statSync(source).size),
    source,
  );
  if (imageInputs(IMAGES[variable]) === inputs) return log(`${IMAGES[variable]}: up to date`);
  const ctx = freshDir(variable);
  copyFileSync(source, join(ctx, file));
  await build(IMAGES[variable], dockerfile, ctx, { inputs, args: { BASE_IMAGE: BASE } });
}

/**
 * A Go program built on the host from a module folder of the repo (its go.mod and go.sum pin every version), cached
 * by the hash of those files and of the Go version; `pkg` is the package to build ('.' for the folder's own main).
 */
async function goBinary(name, moduleDir, pkg) {
  const dir = join(root, moduleDir);
  const goVersion = spawnSync('go', ['env', 'GOVERSION'], { encoding: 'utf8' });
  if (goVersion.status !== 0)
    throw new Error(
      `${name}: no Go toolchain to build it with (apt-get install -y golang-go, or Go from go.dev)`,
    );
  const sources = readdirSync(dir)
    .filter((f) => /^go\.(mod|sum)$|\.go$/.test(f))
    .sort();
  const key = sha(goVersion.stdout.trim(), pkg, ...sources.map((f) => readFileSync(join(dir, f))));
  const bin = join(CACHE, 'go', `${name}-${key}`);
  if (existsSync(bin)) return bin;
  const started = Date.now();
  log(`${name}: go build ${pkg} (first time only; a few minutes on 2 cores)`);
  mkdirSync(dirname(bin), { recursive: true });
  const built = partialPath(bin);
  await run('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', built, pkg], {
    cwd: dir,
    env: { CGO_ENABLED: '0' },
    quiet: true,
  });
  renameSync(built, bin);
  log(`${name}: built in ${seconds(started)}`);
  return bin;
}

async function kafkaImage() {
  const home = await artifact('kafka');
  const inputs = sha(
    imageInputs(FLAVOURS.java17.tag) ?? '',
    fileHash(join(LOCAL, 'kafka.Dockerfile'), join(LOCAL, 'kafka-entrypoint.sh')),
    readdirSync(join(home, 'lib')).sort().join(','),
  );
  if (imageInputs(IMAGES.KAFKA_IMAGE) === inputs) return log(`${IMAGES.KAFKA_IMAGE}: up to date`);
  const ctx = freshDir('kafka');
  cpSync(join(home, 'lib'), join(ctx, 'lib'), { recursive: true });
  copyFileSync(join(LOCAL, 'kafka-entrypoint.sh'), join(ctx, 'kafka-entrypoint.sh'));
  await build(IMAGES.KAFKA_IMAGE, 'kafka.Dockerfile', ctx, {
    inputs,
    args: { JAVA_BASE_IMAGE: FLAVOURS.java17.tag },
  });
}

async function flavourImage(variable, dockerfile, flavour, arg) {
  const inputs = sha(imageInputs(FLAVOURS[flavour].tag) ?? '', fileHash(join(LOCAL, dockerfile)));
  if (imageInputs(IMAGES[variable]) === inputs) return log(`${IMAGES[variable]}: up to date`);
  const ctx = freshDir(variable);
  await build(IMAGES[variable], dockerfile, ctx, { inputs, args: { [arg]: FLAVOURS[flavour].tag } });
}

/** Every image (or those of the given groups: base, infra, apps, observability), cached by their inputs. */
export async function buildImages(groups = ['infra', 'apps', 'observability'], { bundle = true } = {}) {
  if (!engineAnswers())
    throw new Error(
      `no Docker engine answers${process.env.DOCKER_HOST ? ` at ${process.env.DOCKER_HOST}` : ''}: start one (as root: dockerd &), see infra/README.md`,
    );
  mkdirSync(rootfsDir, { recursive: true });
  const started = Date.now();
  const base = await debootstrapBase();
  await importRootfs(BASE, base);
  const want = new Set(groups);
  const flavours = [
    ...(want.has('infra') ? ['java17', 'redis', 'haproxy'] : []),
    ...(want.has('observability') ? ['prometheus'] : []),
  ];
  // One apt-get at a time: they share the host's network and its 2 cores.
  for (const f of flavours) await importRootfs(FLAVOURS[f].tag, await flavourRootfs(f, base));
  if (want.has('infra')) {
    await binaryImage('MONGO_IMAGE', 'ferretdb.Dockerfile', 'ferretdb', await artifact('mongo'));
    await binaryImage('MINIO_IMAGE', 'minio.Dockerfile', 'minio', await artifact('minio'));
    await flavourImage('REDIS_IMAGE', 'redis.Dockerfile', 'redis', 'REDIS_BASE_IMAGE');
    await kafkaImage();
    await flavourImage('BALANCER_IMAGE', 'haproxy.Dockerfile', 'haproxy', 'HAPROXY_BASE_IMAGE');
  }
  if (want.has('observability')) {
    await flavourImage('PROMETHEUS_IMAGE', 'prometheus.Dockerfile', 'prometheus', 'PROMETHEUS_BASE_IMAGE');
    const otelcol = await goBinary('otelcol', 'infra/observability/otelcol', '.');
    await binaryImage('OTEL_COLLECTOR_IMAGE', 'otelcol.Dockerfile', 'otelcol', otelcol);
    const jaeger = await goBinary(
      'jaeger',
      'infra/observability/jaeger',
      'github.com/jaegertracing/jaeger/cmd/jaeger',
    );
    await binaryImage('JAEGER_IMAGE', 'jaeger.Dockerfile', 'jaeger', jaeger);
  }
  if (want.has('apps')) {
    await nodeImage();
    await runtimeImage();
    await appImages({ bundle });
  }
  log(`images ready in ${seconds(started)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const groups = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  buildImages(groups.length ? groups : undefined, { bundle: !process.argv.includes('--no-build') }).then(
    () => {
      const width = Math.max(...Object.keys(IMAGES).map((k) => k.length));
      for (const [k, v] of Object.entries(IMAGES)) process.stdout.write(`${k.padEnd(width)} ${v}\n`);
    },
    (err) => {
      log(`error: ${err.message}`);
      process.exit(1);
    },
  );
}
