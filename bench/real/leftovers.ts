/**
 * What a benchmark leaves on the real servers, removed: its MongoDB databases (`<database>_<service>`), its Kafka
 * topics and consumer groups (`<namespace>.`) and its Redis keys (`<namespace>:`). Left behind, they pile up bench
 * after bench (a day of benches: 630 FerretDB databases, 3.2 GB, and 516 Kafka topics), and every later measurement
 * runs against servers that carry them all (FerretDB opens every database file at start, the broker keeps every
 * partition's files and checkpoints).
 *
 * `removeLeftovers(database)` removes one run's (realServerEnv(database) named them); `removeLeftovers('bench_')`,
 * every bench run's (`npm run bench:real -- --prune`).
 */
import { Kafka, logLevel } from 'kafkajs';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { realServerEnv } from './common';

export interface Removed {
  databases: number;
  topics: number;
  groups: number;
  keys: number;
}

/** `everyRun`: `database` is the start of the runs' names (`bench_`), not one run's name. */
export async function removeLeftovers(database: string, { everyRun = false } = {}): Promise<Removed> {
  const env = realServerEnv(database) as Record<string, string>;
  const namespace = env.INFRA_NAMESPACE!;
  const [databases, kafka, keys] = await Promise.all([
    dropDatabases(env.MONGO_URL!, everyRun ? database : `${database}_`),
    deleteTopicsAndGroups(env.KAFKA_BROKERS!, everyRun ? namespace : `${namespace}.`),
    deleteKeys(env.REDIS_URL!, everyRun ? `${namespace}*` : `${namespace}:*`),
  ]);
  return { databases, ...kafka, keys };
}

async function dropDatabases(url: string, prefix: string): Promise<number> {
  const conn = await mongoose.createConnection(url, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  try {
    const { databases } = await conn.db!.admin().listDatabases({ nameOnly: true });
    const ours = databases.map((d) => d.name).filter((name) => name.startsWith(prefix));
    for (const name of ours) await conn.useDb(name, { useCache: false }).dropDatabase();
    return ours.length;
  } finally {
    await conn.close();
  }
}

async function deleteTopicsAndGroups(brokers: string, prefix: string) {
  const admin = new Kafka({
    clientId: 'bench-leftovers',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const ours = (name: string) => name.startsWith(prefix);
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter(ours);
    if (groups.length > 0) await admin.deleteGroups(groups).catch(() => undefined); // a group still joined stays
    const topics = (await admin.listTopics()).filter(ours);
    for (let i = 0; i < topics.length; i += 100)
      await admin.deleteTopics({ topics: topics.slice(i, i + 100), timeout: 30_000 });
    return { topics: topics.length, groups: groups.length };
  } finally {
    await admin.disconnect();
  }
}

async function deleteKeys(url: string, pattern: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}
