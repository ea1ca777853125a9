#!/usr/bin/env node
// Real servers as local processes for machines without Docker: Kafka 3.9 (KRaft), Redis, MinIO and a
// MongoDB-wire server (FerretDB on SQLite). Everything downloaded, built or written lives under
// ~/.cache/12yards/infra (override with YARDS_INFRA_HOME), never in the repository.
//
//   node infra/local/infra.mjs up [name...]     install what is missing, start what is not running, wait, print env
//   node infra/local/infra.mjs down [name...]   stop the servers this script started
//   node infra/local/infra.mjs status           which servers answer
//   node infra/local/infra.mjs env              print the connection variables
//
// Also importable: `import { up, down, status, connectionEnv } from './infra.mjs'`.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  rmSync,
  renameSync,
  closeSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const HOME = process.env.YARDS_INFRA_HOME || join(homedir(), '.cache', '12yards', 'infra');

/**
 * A build's temporary path for `path`, this process's own (another process may build the same thing meanwhile), after
 * removing what builds that no longer run left beside it.
 */
export function partialPath(path) {
  const prefix = `${basename(path)}.partial-`;
  const entries = existsSync(dirname(path)) ? readdirSync(dirname(path)) : [];
  for (const entry of entries) {
    const pid = Number(entry.slice(prefix.length));
    if (entry.startsWith(prefix) && !(Number.isInteger(pid) && alive(pid)))
      rmSync(join(dirname(path), entry), { recursive: true, force: true });
  }
  return `${path}.partial-${process.pid}`;
}
const DIRS = {
  bin: join(HOME, 'bin'),
  data: join(HOME, 'data'),
  logs: join(HOME, 'logs'),
  run: join(HOME, 'run'),
  conf: join(HOME, 'conf'),
  go: join(HOME, 'go'),
  m2: join(HOME, 'm2'),
};
const HOST = '127.0.0.1';
export const PORTS = {
  mongo: 27117,
  kafka: 19092,
  kafkaController: 19093,
  redis: 16379,
  minio: 19000,
  minioConsole: 19001,
};
const KAFKA_VERSION = /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(
  readFileSync(join(here, 'kafka/pom.xml'), 'utf8'),
)[1];
// MinIO's last release (RELEASE.2025-09-07T16-13-09Z) as a Go pseudo-version: the project only tags RELEASE.* names.
const MINIO_VERSION = 'v0.0.0-20250907161309-07c3a429bfed';
const FERRETDB_VERSION = /github\.com\/FerretDB\/FerretDB (v[0-9.]+)/.exec(
  readFileSync(join(here, 'ferretdb/go.mod'), 'utf8'),
)[1];
const MINIO_USER = '12yards-local';
const MINIO_PASSWORD = '12yards-local-secret';

/** The variables the platform reads to pick the production adapters. */
export function connectionEnv() {
  return {
    MONGO_URL: `mongodb://${HOST}:${PORTS.mongo}/12yards`,
    KAFKA_BROKERS: `${HOST}:${PORTS.kafka}`,
    REDIS_URL: `redis://${HOST}:${PORTS.redis}`,
    MINIO_ENDPOINT: HOST,
    MINIO_PORT: String(PORTS.minio),
    MINIO_USE_SSL: 'false',
    MINIO_ACCESS_KEY: MINIO_USER,
    MINIO_SECRET_KEY: MINIO_PASSWORD,
    MINIO_BUCKET: '12yards',
  };
}
export const ENV_FILE = join(HOME, 'env');

const log = (msg) => process.stderr.write(`[infra] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const which = (cmd) =>
  spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim() || null;

function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const logFile = opts.logFile ?? join(DIRS.logs, `${opts.name ?? cmd.split('/').pop()}-install.log`);
    const fd = openSync(logFile, 'a');
    const child = spawn(cmd, args, {
      stdio: ['ignore', fd, fd],
      env: { ...process.env, ...opts.env },
      cwd: opts.cwd,
    });
    child.on('error', (err) => (closeSync(fd), reject(err)));
    child.on('exit', (code) => {
      closeSync(fd);
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}; see ${logFile}`));
    });
  });
}

const goEnv = () => ({
  GOPATH: join(DIRS.go, 'path'),
  GOMODCACHE: join(DIRS.go, 'mod'),
  GOCACHE: join(DIRS.go, 'cache'),
  GOTOOLCHAIN: 'local',
  GOFLAGS: '-buildvcs=false',
  CGO_ENABLED: '0',
});

function requireTool(cmd, hint) {
  const path = which(cmd);
  if (!path) throw new Error(`${cmd} is not installed: ${hint}`);
  return path;
}

// ---- probes: a server counts as up only when it answers its own protocol ----

function tcpExchange(port, send, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const sock = createConnection({ host: HOST, port });
    let data = '';
    const done = (v) => (sock.destroy(), resolve(v));
    sock.setTimeout(timeoutMs, () => done(null));
    sock.on('error', () => done(null));
    sock.on('connect', () => (send ? sock.write(send) : done('')));
    sock.on('data', (d) => {
      data += d.toString('latin1');
      if (data.includes('\r\n')) done(data);
    });
  });
}

async function probeRedis() {
  return (await tcpExchange(PORTS.redis, 'PING\r\n'))?.startsWith('+PONG') ?? false;
}

async function probeMinio() {
  try {
    const res = await fetch(`http://${HOST}:${PORTS.minio}/minio/health/ready`, {
      signal: globalThis.AbortSignal.timeout(1500),
    });
    return res.ok;
  } catch {
    return false;
  }
}

async function importOptional(name) {
  try {
    return await import(name);
  } catch {
    return null;
  }
}

async function probeMongo() {
  if ((await tcpExchange(PORTS.mongo, null)) === null) return false;
  const mongodb = await importOptional('mongodb');
  if (!mongodb) return true;
  const client = new mongodb.MongoClient(connectionEnv().MONGO_URL, {
    serverSelectionTimeoutMS: 1500,
    directConnection: true,
  });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function probeKafka() {
  if ((await tcpExchange(PORTS.kafka, null)) === null) return false;
  const kafkajs = await importOptional('kafkajs');
  if (!kafkajs) return true;
  const kafka = new kafkajs.Kafka({
    clientId: 'infra-probe',
    brokers: [connectionEnv().KAFKA_BROKERS],
    logLevel: kafkajs.logLevel.NOTHING,
    connectionTimeout: 1500,
    retry: { retries: 0 },
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    return cluster.brokers.length > 0 && cluster.controller !== null && cluster.controller !== -1;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

// ---- installers: idempotent, everything cached under HOME ----

async function installRedis() {
  if (which('redis-server')) return which('redis-server');
  log('redis-server missing: installing Debian package redis-server');
  if (process.getuid?.() !== 0)
    throw new Error('redis-server is not installed; run: sudo apt-get install -y redis-server');
  const apt = { name: 'apt', env: { DEBIAN_FRONTEND: 'noninteractive' } };
  await run('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'update'], apt);
  await run(
    'apt-get',
    ['-o', 'DPkg::Lock::Timeout=300', 'install', '-y', '--no-install-recommends', 'redis-server'],
    apt,
  );
  return requireTool('redis-server', 'apt-get install redis-server failed');
}

async function installMinio() {
  const dir = join(DIRS.bin, `minio-${MINIO_VERSION}`);
  const bin = join(dir, 'minio');
  if (existsSync(bin)) return bin;
  requireTool('go', 'MinIO is built from source with Go (https://go.dev/dl)');
  log(`building MinIO ${MINIO_VERSION} with go install (first time only; several minutes on 2 cores)`);
  const started = Date.now();
  // A build of this process's own: another (CI's image build beside a developer's infra:up) may build it meanwhile.
  const tmp = partialPath(dir);
  await run('go', ['install', `github.com/minio/minio@${MINIO_VERSION}`], {
    name: 'minio',
    env: { ...goEnv(), GOBIN: tmp },
  });
  if (existsSync(bin)) rmSync(tmp, { recursive: true, force: true });
  else renameSync(tmp, dir);
  log(`MinIO built in ${Math.round((Date.now() - started) / 1000)} s`);
  return bin;
}

/**
 * Changes made to a vendored copy of FerretDB's module before it is built (nothing of FerretDB is kept in this
 * repository). Each must find its text, or the build stops: a new FerretDB version is checked again by hand.
 */
const FERRETDB_PATCHES = [
  {
    /**
     * FerretDB v1.24.2 looks documents up by `_id` with `WHERE _ferretdb_sjson->'$._id' = ?` while it indexes `_id`
     * as `_ferretdb_sjson->"_id"`: SQLite only uses an index for the very expression it was made on, so every lookup
     * by `_id` read (and parsed the JSON of) the whole table, and cost more with each document stored (measured:
     * 168 ms for one lookup in a collection of 3,000 commits; 1.7 ms with the index). Patched to the index's own.
     */
    file: 'vendor/github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: `IDColumn = DefaultColumn + \`->"_id"\``,
  },
  {
    /**
     * FerretDB v1.24.2 pushes down to SQLite only a lookup by one `_id`; `{_id: {$in: [...]}}` read (and parsed) the
     * whole table. Patched to `WHERE _id IN (...)` for up to 500 string ids (the filter is still applied to what comes
     * back, as for every pushdown), so concurrent lookups by key go in one command (the Mongo adapters' Batcher).
     */
    file: 'vendor/github.com/FerretDB/FerretDB/internal/backends/sqlite/collection.go',
    from: `\t\tswitch v.(type) {
\t\tcase string, types.ObjectID:
\t\t\twhereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
\t\t}`,
    to: `\t\tswitch v := v.(type) {
\t\tcase string, types.ObjectID:
\t\t\twhereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
\t\tcase *types.Document:
\t\t\tin, _ := v.Get("$in")
\t\t\tif arr, ok := in.(*types.Array); ok && v.Len() == 1 && arr.Len() > 0 && arr.Len() <= 500 {
\t\t\t\tmarks := make([]string, 0, arr.Len())
\t\t\t\tids := make([]any, 0, arr.Len())
\t\t\t\tfor i := 0; i < arr.Len(); i++ {
\t\t\t\t\tid := must.NotFail(arr.Get(i))
\t\t\t\t\tif _, isString := id.(string); !isString {
\t\t\t\t\t\tids = nil
\t\t\t\t\t\tbreak
\t\t\t\t\t}
\t\t\t\t\tmarks = append(marks, "?")
\t\t\t\t\tids = append(ids, string(must.NotFail(sjson.MarshalSingleValue(id))))
\t\t\t\t}
\t\t\t\tif ids != nil {
\t\t\t\t\twhereClause = fmt.Sprintf(\` WHERE %s IN (%s)\`, metadata.IDColumn, strings.Join(marks, ", "))
\t\t\t\t\targs = ids
\t\t\t\t}
\t\t\t}
\t\t}`,
  },
  {
    /**
     * FerretDB logs every SQL statement at debug level, and makes the record's fields (the statement's arguments, the
     * documents' JSON among them) into text before it asks whether debug is on: 4% of its CPU under ten writers of
     * FAQs, 8.5% under applications (pprof). Below debug level, the statements' logger now drops them at once.
     */
    file: 'vendor/github.com/FerretDB/FerretDB/internal/util/fsql/db.go',
    from: '\t\tl:                logging.WithName(l, name),\n',
    to: '\t\tl:                queryLogger(logging.WithName(l, name)),\n',
  },
  {
    file: 'vendor/github.com/FerretDB/FerretDB/internal/util/fsql/db.go',
    from: '// WrapDB creates a new DB.\n',
    to: `// queryLogger is l when it logs debug records, else a logger that drops every record (infra/local/infra.mjs).
func queryLogger(l *slog.Logger) *slog.Logger {
\tif l.Enabled(context.Background(), slog.LevelDebug) {
\t\treturn l
\t}
\treturn slog.New(slog.DiscardHandler)
}

// WrapDB creates a new DB.
`,
  },
  {
    /**
     * FerretDB tracks the lifetime of every iterator, cursor, row set and transaction, a debugging aid: each one adds
     * a stack trace to a pprof profile and gets a finalizer, several per command. That was 6.6% of its CPU under ten
     * writers (pprof). Tracking is switched off; the objects are closed as before.
     */
    file: 'vendor/github.com/FerretDB/FerretDB/internal/util/resource/resource.go',
    from: 'func Track(obj any, token *Token) {\n\tcheckArgs(obj, token)\n',
    to: 'func Track(obj any, token *Token) {\n\tcheckArgs(obj, token)\n\tif !tracking {\n\t\treturn\n\t}\n',
  },
  {
    file: 'vendor/github.com/FerretDB/FerretDB/internal/util/resource/resource.go',
    from: 'func Untrack(obj any, token *Token) {\n\tcheckArgs(obj, token)\n',
    to: 'func Untrack(obj any, token *Token) {\n\tcheckArgs(obj, token)\n\tif !tracking {\n\t\treturn\n\t}\n',
  },
  {
    file: 'vendor/github.com/FerretDB/FerretDB/internal/util/resource/resource.go',
    from: '// profilesM protects access to profiles.\n',
    to: '// tracking is off in this build (see infra/local/infra.mjs).\nconst tracking = false\n\n// profilesM protects access to profiles.\n',
  },
];

async function installFerretdb() {
  const src = join(here, 'ferretdb');
  const hash = createHash('sha256')
    .update(readFileSync(join(src, 'go.mod')))
    .update(readFileSync(join(src, 'go.sum')))
    .update(readFileSync(join(src, 'main.go')))
    .update(JSON.stringify(FERRETDB_PATCHES))
    .digest('hex')
    .slice(0, 12);
  const bin = join(DIRS.bin, `ferretdb-${FERRETDB_VERSION}-${hash}`);
  if (existsSync(bin)) return bin;
  requireTool('go', 'FerretDB is built from source with Go (https://go.dev/dl)');
  log(`building FerretDB ${FERRETDB_VERSION} (first time only)`);
  const started = Date.now();
  const build = partialPath(join(DIRS.go, 'build', `ferretdb-${hash}`));
  rmSync(build, { recursive: true, force: true });
  mkdirSync(build, { recursive: true });
  for (const f of ['go.mod', 'go.sum', 'main.go']) copyFileSync(join(src, f), join(build, f));
  await run('go', ['mod', 'vendor'], { name: 'ferretdb', cwd: build, env: goEnv() });
  for (const patch of FERRETDB_PATCHES) {
    const file = join(build, patch.file);
    const source = readFileSync(file, 'utf8');
    if (!source.includes(patch.from))
      throw new Error(
        `FerretDB ${FERRETDB_VERSION}: ${patch.file} no longer has the text to patch: ${patch.from}`,
      );
    writeFileSync(file, source.replace(patch.from, patch.to));
  }
  const built = partialPath(bin);
  await run('go', ['build', '-mod=vendor', '-tags', 'ferretdb_no_postgresql', '-o', built, '.'], {
    name: 'ferretdb',
    cwd: build,
    env: goEnv(),
  });
  renameSync(built, bin);
  rmSync(build, { recursive: true, force: true });
  log(`FerretDB built in ${Math.round((Date.now() - started) / 1000)} s`);
  return bin;
}

async function installKafka() {
  const home = join(HOME, `kafka-${KAFKA_VERSION}`);
  const stamp = join(home, '.complete');
  if (existsSync(stamp)) return home;
  requireTool('java', 'Kafka needs a Java 17+ runtime (apt-get install -y openjdk-17-jre-headless)');
  requireTool('mvn', 'Kafka jars are resolved from Maven Central with Maven (apt-get install -y maven)');
  log(`resolving Kafka ${KAFKA_VERSION} jars from Maven Central`);
  rmSync(join(home, 'lib'), { recursive: true, force: true });
  await run(
    'mvn',
    [
      '-q',
      '-B',
      '-f',
      join(here, 'kafka/pom.xml'),
      `-Dmaven.repo.local=${DIRS.m2}`,
      'dependency:copy-dependencies',
      '-DincludeScope=runtime',
      `-DoutputDirectory=${join(home, 'lib')}`,
    ],
    { name: 'kafka' },
  );
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  return home;
}

// ---- servers ----

const pidFile = (name) => join(DIRS.run, `${name}.pid`);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function readPid(name) {
  try {
    const pid = Number(readFileSync(pidFile(name), 'utf8').trim());
    return pid > 0 && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

function startDetached(name, cmd, args, env = {}) {
  const logFile = join(DIRS.logs, `${name}.log`);
  const fd = openSync(logFile, 'a');
  writeFileSync(fd, `\n---- ${new Date().toISOString()} starting ${name}\n`);
  const child = spawn(cmd, args, {
    detached: true, // its own process group, so it outlives this script and `down` can stop it with its children
    stdio: ['ignore', fd, fd],
    env: { ...process.env, ...env },
    cwd: join(DIRS.data, name),
  });
  closeSync(fd);
  child.unref();
  writeFileSync(pidFile(name), `${child.pid}\n`);
  return child.pid;
}

const SERVERS = {
  redis: {
    label: 'Redis',
    port: PORTS.redis,
    probe: probeRedis,
    install: installRedis,
    start(bin) {
      const conf = join(DIRS.conf, 'redis.conf');
      writeFileSync(
        conf,
        [
          `bind ${HOST}`,
          `port ${PORTS.redis}`,
          'protected-mode yes',
          `dir ${join(DIRS.data, 'redis')}`,
          'daemonize no',
          'maxmemory-policy noeviction', // BullMQ requires that Redis never evicts its keys
          'appendonly yes',
          'appendfsync everysec',
          'save ""',
          'loglevel warning',
          '',
        ].join('\n'),
      );
      return startDetached('redis', bin, [conf]);
    },
  },
  minio: {
    label: 'MinIO',
    port: PORTS.minio,
    probe: probeMinio,
    install: installMinio,
    start(bin) {
      return startDetached(
        'minio',
        bin,
        [
          'server',
          join(DIRS.data, 'minio', 'store'),
          '--address',
          `${HOST}:${PORTS.minio}`,
          '--console-address',
          `${HOST}:${PORTS.minioConsole}`,
          '--quiet',
        ],
        {
          MINIO_ROOT_USER: MINIO_USER,
          MINIO_ROOT_PASSWORD: MINIO_PASSWORD,
          MINIO_BROWSER: 'off',
          MINIO_UPDATE: 'off',
        },
      );
    },
  },
  mongo: {
    label: `FerretDB ${FERRETDB_VERSION} (MongoDB wire, SQLite backend)`,
    port: PORTS.mongo,
    probe: probeMongo,
    install: installFerretdb,
    start(bin) {
      return startDetached('mongo', bin, [
        '-listen',
        `${HOST}:${PORTS.mongo}`,
        '-dir',
        join(DIRS.data, 'mongo', 'sqlite'),
        '-log-level',
        'error',
      ]);
    },
  },
  kafka: {
    label: `Kafka ${KAFKA_VERSION} (KRaft)`,
    port: PORTS.kafka,
    probe: probeKafka,
    install: installKafka,
    start(home) {
      const dataDir = join(DIRS.data, 'kafka');
      const logDirs = join(dataDir, 'logs');
      const props = join(DIRS.conf, 'kafka-server.properties');
      writeFileSync(
        props,
        [
          'process.roles=broker,controller',
          'node.id=1',
          `controller.quorum.voters=1@${HOST}:${PORTS.kafkaController}`,
          `listeners=PLAINTEXT://${HOST}:${PORTS.kafka},CONTROLLER://${HOST}:${PORTS.kafkaController}`,
          `advertised.listeners=PLAINTEXT://${HOST}:${PORTS.kafka}`,
          'controller.listener.names=CONTROLLER',
          'inter.broker.listener.name=PLAINTEXT',
          'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
          `log.dirs=${logDirs}`,
          'auto.create.topics.enable=true',
          'num.partitions=3',
          'default.replication.factor=1',
          'min.insync.replicas=1',
          'offsets.topic.replication.factor=1',
          'offsets.topic.num.partitions=5',
          'transaction.state.log.replication.factor=1',
          'transaction.state.log.min.isr=1',
          'group.initial.rebalance.delay.ms=0',
          'group.min.session.timeout.ms=1000',
          'log.retention.hours=168',
          'num.network.threads=2',
          'num.io.threads=2',
          'background.threads=2',
          '',
        ].join('\n'),
      );
      const log4j = join(DIRS.conf, 'kafka-log4j.properties');
      writeFileSync(
        log4j,
        [
          'log4j.rootLogger=WARN, stdout',
          'log4j.appender.stdout=org.apache.log4j.ConsoleAppender',
          'log4j.appender.stdout.layout=org.apache.log4j.PatternLayout',
          'log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n',
          'log4j.logger.kafka.server.KafkaRaftServer=INFO',
          'log4j.logger.kafka.server.BrokerServer=INFO',
          '',
        ].join('\n'),
      );
      const cp = join(home, 'lib', '*');
      const jvm = [
        '-Xms256m',
        '-Xmx512m',
        '-XX:+UseG1GC',
        '-XX:MaxGCPauseMillis=20',
        `-Dlog4j.configuration=file:${log4j}`,
      ];
      if (!existsSync(join(logDirs, 'meta.properties'))) {
        // Kafka's cluster ids are 16 random bytes in URL-safe base64 without padding.
        const clusterId = randomBytes(16).toString('base64url');
        execFileSync(
          'java',
          [
            ...jvm,
            '-cp',
            cp,
            'kafka.tools.StorageTool',
            'format',
            '-t',
            clusterId,
            '-c',
            props,
            '--ignore-formatted',
          ],
          {
            stdio: ['ignore', 'ignore', 'inherit'],
          },
        );
      }
      return startDetached('kafka', 'java', [...jvm, '-cp', cp, 'kafka.Kafka', props]);
    },
  },
};
export const NAMES = Object.keys(SERVERS);
export const VERSIONS = { kafka: KAFKA_VERSION, ferretdb: FERRETDB_VERSION, minio: MINIO_VERSION };

/** What a server runs from, built or installed when missing (the images of `npm run images` are made of these). */
export async function artifact(name) {
  if (!SERVERS[name]) throw new Error(`unknown server ${name}; one of ${NAMES.join(', ')}`);
  ensureDirs();
  return SERVERS[name].install();
}

function ensureDirs() {
  for (const d of Object.values(DIRS)) mkdirSync(d, { recursive: true });
  for (const name of NAMES) mkdirSync(join(DIRS.data, name), { recursive: true });
}

async function waitUntil(name, pid, timeoutMs) {
  const server = SERVERS[name];
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await server.probe()) return;
    if (pid && !alive(pid))
      throw new Error(`${server.label} exited while starting; see ${join(DIRS.logs, `${name}.log`)}`);
    await sleep(250);
  }
  throw new Error(
    `${server.label} did not answer on ${HOST}:${server.port} within ${timeoutMs / 1000} s; see ${join(DIRS.logs, `${name}.log`)}`,
  );
}

/** Installs what is missing, starts what is not running, waits until every server answers. */
export async function up(names = NAMES, { quiet = false } = {}) {
  ensureDirs();
  const started = Date.now();
  await Promise.all(
    names.map(async (name) => {
      const server = SERVERS[name];
      if (!server) throw new Error(`unknown server ${name}; one of ${NAMES.join(', ')}`);
      let pid = readPid(name);
      if (!pid && (await server.probe())) {
        if (!quiet)
          log(`${server.label}: already answering on ${HOST}:${server.port} (not started by this script)`);
        return;
      }
      if (!pid) {
        const artifact = await server.install();
        pid = server.start(artifact);
        if (!quiet)
          log(`${server.label}: started (pid ${pid}), waiting for it to answer on ${HOST}:${server.port}`);
      }
      await waitUntil(name, pid, name === 'kafka' ? 90_000 : 60_000);
      if (!quiet) log(`${server.label}: up`);
    }),
  );
  const env = connectionEnv();
  writeFileSync(
    ENV_FILE,
    Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n') + '\n',
  );
  if (!quiet) log(`all up in ${((Date.now() - started) / 1000).toFixed(1)} s; variables also in ${ENV_FILE}`);
  return env;
}

/** Stops the servers this script started (by the pid it recorded), gracefully, then forcibly. */
export async function down(names = NAMES) {
  ensureDirs();
  await Promise.all(
    names.map(async (name) => {
      const pid = readPid(name);
      if (!pid) {
        rmSync(pidFile(name), { force: true });
        return;
      }
      log(`${SERVERS[name].label}: stopping pid ${pid}`);
      process.kill(-pid, 'SIGTERM');
      const end = Date.now() + 30_000;
      while (alive(pid) && Date.now() < end) await sleep(200);
      if (alive(pid)) process.kill(-pid, 'SIGKILL');
      rmSync(pidFile(name), { force: true });
    }),
  );
}

export async function status() {
  const rows = await Promise.all(
    NAMES.map(async (name) => {
      const s = SERVERS[name];
      return {
        name,
        label: s.label,
        address: `${HOST}:${s.port}`,
        pid: readPid(name),
        answering: await s.probe(),
      };
    }),
  );
  return rows;
}

async function main() {
  const [cmd = 'status', ...rest] = process.argv.slice(2);
  const names = rest.length ? rest : NAMES;
  if (cmd === 'up') {
    const env = await up(names);
    for (const [k, v] of Object.entries(env)) process.stdout.write(`${k}=${v}\n`);
  } else if (cmd === 'down') {
    await down(names);
  } else if (cmd === 'status') {
    const rows = await status();
    for (const r of rows) {
      process.stdout.write(
        `${r.name.padEnd(6)} ${(r.answering ? 'up' : 'down').padEnd(5)} ${r.address.padEnd(16)} ${r.pid ? `pid ${r.pid}` : '-'.padEnd(3)}  ${r.label}\n`,
      );
    }
    if (rows.some((r) => !r.answering)) process.exitCode = 3;
  } else if (cmd === 'env') {
    for (const [k, v] of Object.entries(connectionEnv())) process.stdout.write(`${k}=${v}\n`);
  } else {
    process.stderr.write('usage: infra.mjs up|down|status|env [redis|minio|mongo|kafka ...]\n');
    process.exitCode = 2;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    log(`error: ${err.message}`);
    process.exit(1);
  });
}
