// Jest globalSetup of the "contract" project: finds real servers for the production adapters' contract suites.
//   1. variables already set (MONGO_URL, KAFKA_BROKERS, REDIS_URL, MINIO_*): used as they are;
//   2. a Docker engine answering (DOCKER_HOST honoured): testcontainers starts the images `npm run images` builds
//      here (FerretDB, Kafka, Redis, MinIO; built first when missing, nothing pulled), stopped by the teardown;
//   3. otherwise, or when the containers fail to start, infra/local, started when not running (see infra/README.md).
// With CI=true a server that cannot be had fails the run; without CI the suites that need it skip, loudly.
// Plain ESM (.mjs), so jest imports it natively without transforming it.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Every container a run starts carries it, with the run's pid. */
const LABEL = 'org.12yards.contract-run';

const ALL = {
  mongo: ['MONGO_URL'],
  kafka: ['KAFKA_BROKERS'],
  redis: ['REDIS_URL'],
  minio: ['MINIO_ENDPOINT', 'MINIO_PORT', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY'],
};
const log = (msg) => process.stderr.write(`\n[contract] ${msg}\n`);

async function dockerAvailable() {
  try {
    await run('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function fromContainers(missing) {
  // The images `npm run images` builds here (no registry is reached; built first when missing or out of date).
  // Without a registry there is no Ryuk reaper image either: real-servers.teardown.mjs stops the containers.
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
  const { buildImages, IMAGES } = await import('../../../../scripts/images.mjs');
  await buildImages(['infra']);
  const { GenericContainer, Wait } = await import('testcontainers');
  const labels = { [LABEL]: String(process.pid) };
  const env = {};
  const started = [];
  globalThis.__realServerContainers = started;
  const boot = async (name, container) => {
    const t = Date.now();
    const c = await container.withLabels(labels).start();
    started.push(c);
    log(`${name}: ${c.getId().slice(0, 12)} up in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return c;
  };
  const jobs = [];
  if (missing.includes('mongo')) {
    // FerretDB (MongoDB wire protocol on SQLite): no replica set, as with infra/local.
    jobs.push(
      boot(
        IMAGES.MONGO_IMAGE,
        new GenericContainer(IMAGES.MONGO_IMAGE)
          .withExposedPorts(27017)
          .withWaitStrategy(Wait.forListeningPorts()),
      ).then((c) => {
        env.MONGO_URL = `mongodb://${c.getHost()}:${c.getMappedPort(27017)}/12yards`;
      }),
    );
  }
  if (missing.includes('kafka')) {
    // Kafka tells clients where to connect, so its advertised port must be the one the host sees: one chosen here,
    // free at this moment.
    const port = Number(process.env.YARDS_CONTRACT_KAFKA_PORT || (await freePort()));
    jobs.push(
      boot(
        IMAGES.KAFKA_IMAGE,
        new GenericContainer(IMAGES.KAFKA_IMAGE)
          .withExposedPorts({ container: port, host: port })
          .withEnvironment({
            CLUSTER_ID: `contract-${process.pid}`,
            KAFKA_NODE_ID: '1',
            KAFKA_PROCESS_ROLES: 'broker,controller',
            KAFKA_LISTENERS: `PLAINTEXT://:${port},CONTROLLER://:9093`,
            KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${port}`,
            KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
            KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
            KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
            KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
            KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '5',
            KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
            KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
            KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
            KAFKA_GROUP_MIN_SESSION_TIMEOUT_MS: '1000',
            KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
            KAFKA_NUM_PARTITIONS: '3',
          })
          // The broker opens its listener last in its start-up (a log wait loses its stream on a slow start here).
          .withWaitStrategy(Wait.forListeningPorts())
          .withStartupTimeout(180_000),
      ).then(() => {
        env.KAFKA_BROKERS = `127.0.0.1:${port}`;
      }),
    );
  }
  if (missing.includes('redis')) {
    jobs.push(
      boot(
        IMAGES.REDIS_IMAGE,
        new GenericContainer(IMAGES.REDIS_IMAGE)
          .withCommand([
            'redis-server',
            '--bind',
            '0.0.0.0',
            '--protected-mode',
            'no',
            '--maxmemory-policy',
            'noeviction',
          ])
          .withExposedPorts(6379)
          .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/)),
      ).then((c) => {
        env.REDIS_URL = `redis://${c.getHost()}:${c.getMappedPort(6379)}`;
      }),
    );
  }
  if (missing.includes('minio')) {
    jobs.push(
      boot(
        IMAGES.MINIO_IMAGE,
        new GenericContainer(IMAGES.MINIO_IMAGE)
          .withCommand(['server', '/data'])
          .withEnvironment({ MINIO_ROOT_USER: 'contract', MINIO_ROOT_PASSWORD: 'contract-secret' })
          .withExposedPorts(9000)
          .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000)),
      ).then((c) => {
        Object.assign(env, {
          MINIO_ENDPOINT: c.getHost(),
          MINIO_PORT: String(c.getMappedPort(9000)),
          MINIO_USE_SSL: 'false',
          MINIO_ACCESS_KEY: 'contract',
          MINIO_SECRET_KEY: 'contract-secret',
        });
      }),
    );
  }
  const results = await Promise.allSettled(jobs);
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length) {
    // Jest runs no globalTeardown after a failed globalSetup: remove every container of this run by its label, the
    // one whose start failed too (created all the same, and testcontainers returns no handle to it).
    started.length = 0;
    const { stdout } = await run('docker', ['ps', '-aq', '--filter', `label=${LABEL}=${process.pid}`]).catch(
      () => ({
        stdout: '',
      }),
    );
    const leftovers = stdout.split('\n').filter(Boolean);
    if (leftovers.length) await run('docker', ['rm', '-f', '--volumes', ...leftovers]).catch(() => {});
    throw new Error(failed.map((r) => r.reason?.message ?? String(r.reason)).join('; '));
  }
  return env;
}

async function fromInfraLocal(missing) {
  const infra = await import('../../../../infra/local/infra.mjs');
  // One server at a time, so a broken one does not take the others' suites down with it.
  const results = await Promise.allSettled(missing.map((s) => infra.up([s])));
  const env = {};
  const failed = [];
  results.forEach((r, i) => {
    const s = missing[i];
    if (r.status === 'rejected')
      failed.push(`${s}: ${r.reason instanceof Error ? r.reason.message : String(r.reason)}`);
    else for (const k of [...ALL[s], ...(s === 'minio' ? ['MINIO_USE_SSL'] : [])]) env[k] = r.value[k];
  });
  if (failed.length) {
    const err = new Error(failed.join('; '));
    err.partialEnv = env;
    throw err;
  }
  return env;
}

export default async function globalSetup() {
  let missing = Object.keys(ALL).filter((s) => ALL[s].some((v) => !process.env[v]));
  if (missing.length === 0) {
    log('real servers: from the environment');
    return;
  }
  const started = Date.now();
  let source = 'infra/local';
  try {
    let env;
    if (await dockerAvailable()) {
      source = 'testcontainers';
      try {
        env = await fromContainers(missing);
      } catch (err) {
        // An engine that answers but cannot start a server (a port taken, a slow start): the servers of infra/local
        // are as real, and CI has started them.
        log(
          `testcontainers could not start the servers (${err instanceof Error ? err.message : err}); infra/local instead`,
        );
        source = 'infra/local';
        env = await fromInfraLocal(missing);
      }
    } else {
      env = await fromInfraLocal(missing);
    }
    Object.assign(process.env, env);
    log(
      `real servers for ${missing.join(', ')}: ${source}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (err) {
    if (err?.partialEnv) Object.assign(process.env, err.partialEnv);
    missing = missing.filter((s) => ALL[s].some((v) => !process.env[v]));
    const why = `${source}: ${err instanceof Error ? err.message : String(err)}`;
    if (process.env.CI === 'true') {
      throw new Error(`CI=true and the real servers (${missing.join(', ')}) cannot be had: ${why}`, {
        cause: err,
      });
    }
    process.env.YARDS_REAL_SERVERS_MISSING = why;
    log(
      `${'!'.repeat(78)}\n  REAL SERVERS MISSING (${missing.join(', ')}): ${why}\n` +
        `  The production adapters' contract suites are SKIPPED. Run \`npm run infra:up\` (with CI=true this fails).\n${'!'.repeat(78)}`,
    );
  }
}
