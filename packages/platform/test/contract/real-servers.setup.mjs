// Jest globalSetup of the "contract" project: finds real servers for the production adapters' contract suites.
//   1. variables already set (MONGO_URL, KAFKA_BROKERS, REDIS_URL, MINIO_*): used as they are;
//   2. a container runtime (Docker) present: testcontainers starts mongo:7 (replica set), apache/kafka:3.9.1,
//      redis:7 and minio (removed by testcontainers' reaper when the run ends);
//   3. otherwise infra/local, started when not running (see infra/README.md).
// With CI=true a server that cannot be had fails the run; without CI the suites that need it skip, loudly.
// Plain ESM (.mjs), so jest imports it natively without transforming it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const ALL = {
  mongo: ['MONGO_URL'],
  kafka: ['KAFKA_BROKERS'],
  redis: ['REDIS_URL'],
  minio: ['MINIO_ENDPOINT', 'MINIO_PORT', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY'],
};
const log = (msg) => process.stderr.write(`\n[contract] ${msg}\n`);

async function dockerAvailable() {
  try {
    await promisify(execFile)('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

async function fromContainers(missing) {
  const { GenericContainer, Wait } = await import('testcontainers');
  const env = {};
  const started = [];
  if (missing.includes('mongo')) {
    const c = await new GenericContainer('mongo:7')
      .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start();
    await c.exec([
      'mongosh',
      '--quiet',
      '--eval',
      "rs.initiate({_id:'rs0',members:[{_id:0,host:'localhost:27017'}]})",
    ]);
    await c.exec(['mongosh', '--quiet', '--eval', 'while (!db.hello().isWritablePrimary) sleep(100)']);
    env.MONGO_URL = `mongodb://${c.getHost()}:${c.getMappedPort(27017)}/12yards?directConnection=true`;
    started.push(c);
  }
  if (missing.includes('kafka')) {
    // Kafka tells clients where to connect, so its advertised port must be the one the host sees: a fixed one.
    const port = 29092;
    const c = await new GenericContainer('apache/kafka:3.9.1')
      .withExposedPorts({ container: 29092, host: port })
      .withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: 'PLAINTEXT://:29092,CONTROLLER://:9093',
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://localhost:${port}`,
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
        KAFKA_GROUP_MIN_SESSION_TIMEOUT_MS: '1000',
        KAFKA_NUM_PARTITIONS: '3',
      })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .start();
    env.KAFKA_BROKERS = `localhost:${port}`;
    started.push(c);
  }
  if (missing.includes('redis')) {
    const c = await new GenericContainer('redis:7')
      .withCommand(['redis-server', '--maxmemory-policy', 'noeviction'])
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
      .start();
    env.REDIS_URL = `redis://${c.getHost()}:${c.getMappedPort(6379)}`;
    started.push(c);
  }
  if (missing.includes('minio')) {
    const c = await new GenericContainer('minio/minio:RELEASE.2025-09-07T16-13-09Z')
      .withCommand(['server', '/data'])
      .withEnvironment({ MINIO_ROOT_USER: 'contract', MINIO_ROOT_PASSWORD: 'contract-secret' })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000))
      .start();
    Object.assign(env, {
      MINIO_ENDPOINT: c.getHost(),
      MINIO_PORT: String(c.getMappedPort(9000)),
      MINIO_USE_SSL: 'false',
      MINIO_ACCESS_KEY: 'contract',
      MINIO_SECRET_KEY: 'contract-secret',
    });
    started.push(c);
  }
  globalThis.__realServerContainers = started;
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
      env = await fromContainers(missing);
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
