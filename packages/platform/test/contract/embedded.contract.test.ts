import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../../src/embedded/sqlite';
import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { SqliteEventBus } from '../../src/embedded/sqlite-event-bus';
import { SqliteJobQueue } from '../../src/embedded/sqlite-job-queue';
import { LocalObjectStore } from '../../src/embedded/local-object-store';
import { eventStoreContract } from './event-store.suite';
import { readModelsContract } from './read-models.suite';
import { eventBusContract } from './event-bus.suite';
import { deadLetterContract } from './dead-letters.suite';
import { jobQueueContract } from './job-queue.suite';
import { objectStoreContract } from './object-store.suite';

const tempDir = () => mkdtempSync(join(tmpdir(), '12yards-contract-'));

eventStoreContract('embedded sqlite', async () => {
  const dir = tempDir();
  const db = openSqlite(join(dir, 'svc.sqlite'));
  return {
    store: new SqliteEventStore(db),
    cleanup: async () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

readModelsContract('embedded sqlite', async () => {
  const dir = tempDir();
  const db = openSqlite(join(dir, 'svc.sqlite'));
  return {
    models: new SqliteReadModels(db),
    cleanup: async () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

eventBusContract('embedded sqlite', async () => {
  const dir = tempDir();
  const producerDb = openSqlite(join(dir, 'producer.sqlite'));
  const producer = new SqliteEventStore(producerDb);
  const producerBus = new SqliteEventBus({ topics: {}, db: producerDb });
  const consumerFile = join(dir, 'consumer.sqlite');
  const opened: ReturnType<typeof openSqlite>[] = [];
  const consumerDb = () => {
    const db = openSqlite(consumerFile);
    opened.push(db);
    return db;
  };
  return {
    topic: 'producer',
    // The producer's relay: what it appended, published to its topic (a table in its own file).
    produce: async (streamId, events) => {
      const stored = (await producer.append(streamId, 'any', events)).events;
      await producerBus.publish('producer', stored);
      return stored;
    },
    // Each call is a new consumer process: its own connection to its own file, its own checkpoint there.
    openBus: async () =>
      new SqliteEventBus({
        topics: { producer: join(dir, 'producer.sqlite') },
        db: consumerDb(),
        pollMs: 20,
      }),
    consumerModels: async () => new SqliteReadModels(consumerDb()),
    cleanup: async () => {
      await new Promise((r) => setTimeout(r, 60));
      for (const db of opened) if (db.open) db.close();
      producerDb.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

// A consumer's dead letters are kept in its own file (the `<topic>.dlq` rows of its bus_messages table).
deadLetterContract('embedded sqlite', async () => {
  const dir = tempDir();
  const producerDb = openSqlite(join(dir, 'producer.sqlite'));
  const producer = new SqliteEventStore(producerDb);
  const producerBus = new SqliteEventBus({ topics: {}, db: producerDb });
  const consumerFile = join(dir, 'consumer.sqlite');
  const consumerDb = openSqlite(consumerFile);
  return {
    topic: 'producer',
    produce: async (streamId, events) => {
      const stored = (await producer.append(streamId, 'any', events)).events;
      await producerBus.publish('producer', stored);
      return stored;
    },
    openBus: async () =>
      new SqliteEventBus({
        topics: { producer: join(dir, 'producer.sqlite'), 'producer.dlq': consumerFile },
        db: consumerDb,
        pollMs: 20,
      }),
    consumerModels: async () => new SqliteReadModels(consumerDb),
    cleanup: async () => {
      await new Promise((r) => setTimeout(r, 60));
      consumerDb.close();
      producerDb.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

jobQueueContract('embedded sqlite', async () => {
  const dir = tempDir();
  const file = join(dir, 'svc.sqlite');
  const dbs = [openSqlite(file)];
  const queues = [new SqliteJobQueue(dbs[0]!, { pollMs: 10 })];
  return {
    queue: queues[0]!,
    crashWorkerArgs: ['sqlite', file],
    reopen: async () => {
      const db = openSqlite(file);
      dbs.push(db);
      const queue = new SqliteJobQueue(db, { pollMs: 10 });
      queues.push(queue);
      return queue;
    },
    cleanup: async () => {
      for (const queue of queues) await queue.close();
      for (const db of dbs) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

objectStoreContract('embedded local directory', async () => {
  const dir = tempDir();
  return {
    store: new LocalObjectStore(dir),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
