import { join, resolve } from 'node:path';
import type { EventBus, EventStore, JobQueue, ObjectStore, ReadModels } from '../ports';
import { openSqlite, sqliteReadable, type SqliteDb } from '../embedded/sqlite';
import { ensureDataDir, StorageError } from '../embedded/data-dir';
import { SqliteEventStore } from '../embedded/sqlite-event-store';
import { SqliteReadModels } from '../embedded/sqlite-read-models';
import { SqliteEventBus } from '../embedded/sqlite-event-bus';
import { SqliteJobQueue } from '../embedded/sqlite-job-queue';
import { LocalObjectStore } from '../embedded/local-object-store';
import type { ServiceEnv } from './config';
import type { Logger } from '../observability/logging';
import type { SubjectKeyStore } from '../privacy/subject-keys';
import { SqliteSubjectKeyStore } from '../privacy/sqlite-subject-key-store';
import { withProducerKeys } from '../privacy/producer-keys';
import type { OpeningMode } from '../privacy/opening-bus';

/**
 * The adapters a process asks for beyond the three every service has (event store, read models and bus: the
 * projector, the leader lease and the outbox relay use them). Only those asked for are created, connected and
 * checked by /readyz: a service that stores no files opens no MinIO client, one that queues no jobs no Redis.
 */
export const OPTIONAL_ADAPTERS = ['jobs', 'objects'] as const;
export type OptionalAdapter = (typeof OPTIONAL_ADAPTERS)[number];

interface OptionalPorts {
  jobs: JobQueue;
  objects: ObjectStore;
}

/** The adapters of one process; `U` names the optional ones it asked for (all of them when not said). */
export type Infrastructure<U extends OptionalAdapter = OptionalAdapter> = {
  kind: Record<'eventStore' | 'readModels' | 'bus' | U, string>;
  eventStore: EventStore;
  readModels: ReadModels;
  bus: EventBus;
  /** The keys of the service's data subjects (crypto-shredding): a table of its SQLite file, or a MongoDB collection. */
  subjectKeys: SubjectKeyStore;
  readiness: Record<string, () => Promise<boolean>>;
  close(): Promise<void>;
} & Pick<OptionalPorts, U>;

export type InfraEnv = Pick<
  ServiceEnv,
  | 'DATA_DIR'
  | 'MONGO_URL'
  | 'KAFKA_BROKERS'
  | 'REDIS_URL'
  | 'MINIO_ENDPOINT'
  | 'MINIO_PORT'
  | 'MINIO_USE_SSL'
  | 'MINIO_ACCESS_KEY'
  | 'MINIO_SECRET_KEY'
  | 'MINIO_BUCKET'
  | 'INFRA_NAMESPACE'
>;

/** The embedded SQLite file of a service, which is also its topic for subscribers. */
export function serviceDbFile(dataDir: string, service: string): string {
  return resolve(dataDir, `${service}.sqlite`);
}

/**
 * Checks the data folder can be written and opens the service's SQLite file when the embedded adapters need them.
 * An unusable folder or a damaged file stops start-up here with one line naming the process (a StorageError),
 * not with a trace at the first write.
 */
function openEmbeddedStorage(
  service: string,
  dataDir: string,
  needs: { dataDir: boolean; sqlite: boolean },
): SqliteDb | undefined {
  try {
    if (needs.dataDir) ensureDataDir(dataDir);
    return needs.sqlite ? openSqlite(serviceDbFile(dataDir, service)) : undefined;
  } catch (err) {
    if (err instanceof StorageError) throw new StorageError(`${service}: ${err.message}`, { cause: err });
    throw err;
  }
}

const readinessOf = (port: { ready(): Promise<boolean> }) => () => port.ready();

/** The embedded database's readiness: false (and why, in the log) when the file or its connection fails. */
function storageWorks(db: SqliteDb, logger?: Logger): boolean {
  try {
    return sqliteReadable(db);
  } catch (err) {
    logger?.warn({ err, file: db.name }, 'the embedded database cannot be read');
    return false;
  }
}

/**
 * Picks each port's adapter from configuration: a production URL selects the real server's adapter,
 * its absence the embedded one. The production adapters are imported only when configured.
 */
export async function createInfrastructure<U extends OptionalAdapter = OptionalAdapter>(
  service: string,
  env: InfraEnv,
  logger?: Logger,
  options: {
    uses?: readonly U[];
    /**
     * The services whose topics this process may read (a topic is named after its producer): the embedded bus tails
     * each one's SQLite file, and their events' personal fields are opened with their keys. The product's list is
     * its event catalogue's producers (`producers` of @12yards/api/src/events); none by default.
     */
    topics?: readonly string[];
    /** When a delivered message's personal fields are opened (default 'at-once'; see OpeningMode). */
    openMessages?: OpeningMode;
  } = {},
): Promise<Infrastructure<U>> {
  const topics = options.topics ?? [];
  const uses = new Set<OptionalAdapter>(options.uses ?? OPTIONAL_ADAPTERS);
  if (env.MONGO_URL && !env.KAFKA_BROKERS) {
    // The embedded bus reads the producers' SQLite event stores, which are empty when events go to MongoDB.
    throw new Error(
      'KAFKA_BROKERS must be set when MONGO_URL is (the embedded event bus needs the embedded event store)',
    );
  }
  if (uses.has('objects') && env.MINIO_ENDPOINT && (!env.MINIO_ACCESS_KEY || !env.MINIO_SECRET_KEY)) {
    throw new Error('MINIO_ACCESS_KEY and MINIO_SECRET_KEY must be set when MINIO_ENDPOINT is');
  }
  const needsSqlite = !env.MONGO_URL || (uses.has('jobs') && !env.REDIS_URL);
  const db = openEmbeddedStorage(service, env.DATA_DIR, {
    dataDir: needsSqlite || (uses.has('objects') && !env.MINIO_ENDPOINT),
    sqlite: needsSqlite,
  });
  const closers: (() => Promise<void>)[] = [];

  let eventStore: EventStore;
  let readModels: ReadModels;
  let subjectKeys: SubjectKeyStore;
  const kind: Record<string, string> = { eventStore: 'sqlite', readModels: 'sqlite', bus: 'sqlite' };
  if (env.MONGO_URL) {
    const mongo = await import('../adapters/mongo');
    const conn = await mongo.connectMongo(env.MONGO_URL, mongo.serviceDatabaseName(env.MONGO_URL, service));
    const stopWatching = mongo.watchMongoConnection(conn, env.MONGO_URL, logger);
    closers.push(async () => {
      stopWatching();
      await conn.close();
    });
    eventStore = new mongo.MongoEventStore(conn, { logger });
    readModels = new mongo.MongoReadModels(conn);
    const { MongoSubjectKeyStore } = await import('../privacy/mongo-subject-key-store');
    subjectKeys = new MongoSubjectKeyStore(conn);
    kind.eventStore = kind.readModels = 'mongo';
  } else {
    eventStore = new SqliteEventStore(db!);
    readModels = new SqliteReadModels(db!);
    subjectKeys = new SqliteSubjectKeyStore(db!);
  }

  let bus: EventBus;
  if (env.KAFKA_BROKERS) {
    const { KafkaEventBus } = await import('../adapters/kafka');
    bus = new KafkaEventBus({
      brokers: env.KAFKA_BROKERS.split(',').map((b) => b.trim()),
      clientId: `12yards-${service}`,
      namespace: env.INFRA_NAMESPACE,
      logger,
    });
    kind.bus = 'kafka';
  } else {
    const files = Object.fromEntries(topics.map((s) => [s, serviceDbFile(env.DATA_DIR, s)]));
    bus = new SqliteEventBus({ topics: files, db: db!, logger });
  }

  // Integration events carry personal fields encrypted with their producer's subject keys: a consumer's handler gets
  // them opened with those keys (read-only), or "Erased personal data" once the subject was erased.
  bus = withProducerKeys(bus, env, topics, logger, options.openMessages);

  let jobs: JobQueue | undefined;
  if (!uses.has('jobs')) {
    // not asked for: no Redis connection, no queue tables
  } else if (env.REDIS_URL) {
    const { BullmqJobQueue } = await import('../adapters/bullmq');
    jobs = new BullmqJobQueue({
      url: env.REDIS_URL,
      prefix: `${env.INFRA_NAMESPACE ? `${env.INFRA_NAMESPACE}:` : ''}12yards:${service}`,
      logger,
    });
    kind.jobs = 'bullmq';
  } else {
    jobs = new SqliteJobQueue(db!, { logger });
    kind.jobs = 'sqlite';
  }

  let objects: ObjectStore | undefined;
  if (!uses.has('objects')) {
    // not asked for: no MinIO client, no objects folder
  } else if (env.MINIO_ENDPOINT) {
    const { MinioObjectStore } = await import('../adapters/minio');
    objects = new MinioObjectStore({
      endPoint: env.MINIO_ENDPOINT,
      port: env.MINIO_PORT,
      useSSL: env.MINIO_USE_SSL,
      accessKey: env.MINIO_ACCESS_KEY!,
      secretKey: env.MINIO_SECRET_KEY!,
      bucket: env.MINIO_BUCKET,
    });
    kind.objects = 'minio';
  } else {
    objects = new LocalObjectStore(join(resolve(env.DATA_DIR), 'objects'));
    kind.objects = 'local';
  }

  const infra = {
    kind,
    eventStore,
    readModels,
    bus,
    subjectKeys,
    readiness: {
      eventStore: () => eventStore.ready(),
      readModels: () => readModels.ready(),
      bus: () => bus.ready(),
      ...(jobs && { jobs: readinessOf(jobs) }),
      ...(objects && { objects: readinessOf(objects) }),
      ...(db && { storage: async () => storageWorks(db, logger) }),
    },
    async close() {
      await jobs?.close();
      await bus.close();
      await objects?.close();
      await readModels.close();
      await eventStore.close();
      for (const close of closers) await close();
      if (db?.open) db.close();
    },
  };
  for (const [name, port] of [
    ['jobs', jobs],
    ['objects', objects],
  ] as const) {
    if (port) {
      Object.defineProperty(infra, name, { value: port, enumerable: true, writable: true });
      continue;
    }
    // Reached only past the types (a cast, plain JS): say what to declare instead of failing later on undefined.
    Object.defineProperty(infra, name, {
      enumerable: false,
      get() {
        throw new Error(`${service} did not ask for the "${name}" adapter: add it to its definition's uses`);
      },
    });
  }
  // Built field by field above: exactly the adapters in `uses`, the others throwing getters, which is Infrastructure<U>.
  return infra as unknown as Infrastructure<U>;
}
