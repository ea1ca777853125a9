import { join, resolve } from 'node:path';
import type { EventBus, EventStore, JobQueue, ObjectStore, ReadModels } from './ports';
import { openSqlite } from './embedded/sqlite';
import { SqliteEventStore } from './embedded/sqlite-event-store';
import { SqliteReadModels } from './embedded/sqlite-read-models';
import { SqliteEventBus } from './embedded/sqlite-event-bus';
import { SqliteJobQueue } from './embedded/sqlite-job-queue';
import { LocalObjectStore } from './embedded/local-object-store';
import type { ServiceEnv } from './config';
import type { Logger } from './logging';

/** The services that produce topics; a topic is named after its producer. */
export const SERVICES = ['status', 'content', 'partners', 'contracts', 'media'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface Infrastructure {
  kind: { eventStore: string; readModels: string; bus: string; jobs: string; objects: string };
  eventStore: EventStore;
  readModels: ReadModels;
  bus: EventBus;
  jobs: JobQueue;
  objects: ObjectStore;
  readiness: Record<string, () => Promise<boolean>>;
  close(): Promise<void>;
}

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
>;

/** The embedded SQLite file of a service, which is also its topic for subscribers. */
export function serviceDbFile(dataDir: string, service: string): string {
  return resolve(dataDir, `${service}.sqlite`);
}

/**
 * Picks each port's adapter from configuration: a production URL selects the real server's adapter,
 * its absence the embedded one.
 */
export async function createInfrastructure(service: string, env: InfraEnv, logger?: Logger): Promise<Infrastructure> {
  const db = openSqlite(serviceDbFile(env.DATA_DIR, service));
  const topics = Object.fromEntries(SERVICES.map((s) => [s, serviceDbFile(env.DATA_DIR, s)]));

  const eventStore: EventStore = new SqliteEventStore(db);
  const readModels: ReadModels = new SqliteReadModels(db);
  const bus: EventBus = new SqliteEventBus({ topics, db, logger });
  const jobs: JobQueue = new SqliteJobQueue(db, { logger });
  const objects: ObjectStore = new LocalObjectStore(join(resolve(env.DATA_DIR), 'objects'));
  const kind = { eventStore: 'sqlite', readModels: 'sqlite', bus: 'sqlite', jobs: 'sqlite', objects: 'local' };

  return {
    kind,
    eventStore,
    readModels,
    bus,
    jobs,
    objects,
    readiness: {
      eventStore: () => eventStore.ready(),
      readModels: () => readModels.ready(),
      bus: () => bus.ready(),
      jobs: () => jobs.ready(),
      objects: () => objects.ready(),
    },
    async close() {
      await jobs.close();
      await bus.close();
      await objects.close();
      await readModels.close();
      await eventStore.close();
      if (db.open) db.close();
    },
  };
}
