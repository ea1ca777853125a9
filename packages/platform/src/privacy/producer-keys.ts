import { resolve } from 'node:path';
import type { EventBus } from '../ports';
import type { Logger } from '../observability/logging';
import { mongoKeyReader, sqliteKeyReader } from './foreign-keys';
import { openingBus, type OpeningMode } from './opening-bus';
import { masterKeyFrom, SubjectKeys } from './subject-keys';
import { secretOf } from './wiring';

/**
 * The bus with the personal fields of every delivered integration event opened with its producer's subject keys,
 * read-only: the producer's SQLite file in DATA_DIR, or its MongoDB database. Closing it closes those readers too.
 * `topics`: the services that produce topics (a topic is named after its producer); another topic's events are
 * handed on as they are. `mode` 'when-asked': the messages are delivered encrypted, each opened when its handler
 * asks (see reopener).
 */
export function withProducerKeys(
  bus: EventBus,
  env: { DATA_DIR: string; MONGO_URL?: string; INTERNAL_SECRET?: string },
  topics: readonly string[],
  logger?: Logger,
  mode: OpeningMode = 'at-once',
): EventBus {
  const known = new Set(topics);
  const producers = new Map<string, SubjectKeys>();
  const closers: (() => Promise<void> | void)[] = [];
  const keysOf = async (topic: string): Promise<SubjectKeys | null> => {
    if (!known.has(topic)) return null;
    let keys = producers.get(topic);
    if (!keys) {
      const mongoUrl = env.MONGO_URL;
      let reader;
      if (mongoUrl) {
        const mongo = await import('../adapters/mongo');
        reader = mongoKeyReader(() =>
          mongo.connectMongo(mongoUrl, mongo.serviceDatabaseName(mongoUrl, topic)),
        );
      } else {
        reader = sqliteKeyReader(resolve(env.DATA_DIR, `${topic}.sqlite`));
      }
      closers.push(() => reader.close());
      keys = new SubjectKeys(reader, masterKeyFrom(secretOf(env)));
      producers.set(topic, keys);
    }
    return keys;
  };
  const opening = openingBus(bus, keysOf, logger, mode);
  return {
    ...opening,
    get needsRelay() {
      return bus.needsRelay;
    },
    async close() {
      await bus.close();
      for (const close of closers) await close();
    },
  };
}
