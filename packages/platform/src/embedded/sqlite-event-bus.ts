import { watch, type FSWatcher } from 'node:fs';
import type Database from 'better-sqlite3';
import { basename, dirname } from 'node:path';
import type { EventBus, EventHandler, StoredEvent, Subscription } from '../ports';
import { openSqliteReadOnly, type SqliteDb } from './sqlite';
import type { Logger } from '../observability/logging';

/**
 * Calls onChange when the SQLite file or its -wal changes (not -shm, which readers write too); undefined when the
 * platform cannot watch.
 */
function watchFile(file: string, onChange: () => void): FSWatcher | undefined {
  const names = new Set([basename(file), `${basename(file)}-wal`]);
  try {
    const watcher = watch(dirname(file), { persistent: false }, (_event, changed) => {
      if (changed === null || names.has(String(changed))) onChange();
    });
    watcher.on('error', () => watcher.close());
    return watcher;
  } catch {
    return undefined;
  }
}

export interface SqliteEventBusOptions {
  /** Topic name -> the SQLite file of the service that produces it. */
  topics: Record<string, string>;
  /**
   * The service's own database: where group checkpoints are kept, and where what it publishes (its topic, and
   * the dead letters of its consumers) is written.
   */
  db: SqliteDb;
  pollMs?: number;
  logger?: Logger;
}

/**
 * The embedded bus: a producer's topic is a table in its own SQLite file (bus_messages), which its outbox relay
 * fills with the integration events it publishes (keyed by the position of the event they come from). Subscribers
 * in other processes tail that file read-only (WAL allows it) and keep their own checkpoint, committed only after
 * the handler resolved.
 */
export class SqliteEventBus implements EventBus {
  readonly needsRelay = true;
  private readonly subscriptions = new Set<Subscription>();
  private readonly insert: Database.Statement<[string, number, string]>;

  constructor(private readonly options: SqliteEventBusOptions) {
    options.db.exec(`CREATE TABLE IF NOT EXISTS bus_checkpoints (
      grp TEXT NOT NULL, topic TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (grp, topic));
      CREATE TABLE IF NOT EXISTS bus_messages (
      topic TEXT NOT NULL, position INTEGER NOT NULL, message TEXT NOT NULL, PRIMARY KEY (topic, position))`);
    // A relay that re-sends after a crash writes the same rows again: kept once.
    this.insert = options.db.prepare<[string, number, string]>(
      'INSERT OR IGNORE INTO bus_messages (topic, position, message) VALUES (?, ?, ?)',
    );
  }

  async publish(topic: string, events: StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    this.options.db.transaction(() => {
      for (const e of events) this.insert.run(topic, e.position, JSON.stringify(e));
    })();
  }

  async subscribe(group: string, topics: string[], handler: EventHandler): Promise<Subscription> {
    const loops = topics.map((topic) => this.tail(group, topic, handler));
    const sub: Subscription = {
      stop: async () => {
        await Promise.all(loops.map((l) => l.stop()));
        this.subscriptions.delete(sub);
      },
    };
    this.subscriptions.add(sub);
    return sub;
  }

  private tail(group: string, topic: string, handler: EventHandler): { stop(): Promise<void> } {
    const file = this.options.topics[topic];
    if (!file) throw new Error(`No producer file configured for topic ${topic}`);
    const { db, pollMs = 100, logger } = this.options;
    const getCheckpoint = db.prepare<[string, string], { position: number }>(
      'SELECT position FROM bus_checkpoints WHERE grp = ? AND topic = ?',
    );
    const saveCheckpoint = db.prepare(
      `INSERT INTO bus_checkpoints (grp, topic, position) VALUES (?, ?, ?)
       ON CONFLICT (grp, topic) DO UPDATE SET position = excluded.position`,
    );
    let stopped = false;
    let source: SqliteDb | null = null;
    let timer: NodeJS.Timeout | undefined;
    let wake: (() => void) | undefined;
    /** The producer's file changed since the last read: read again before waiting. */
    let changed = false;

    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        if (changed || stopped) return resolve();
        wake = resolve;
        timer = setTimeout(resolve, ms);
      }).finally(() => {
        clearTimeout(timer);
        wake = undefined;
      });

    // A commit in the producer's file (or its -wal) wakes the tail at once; the poll is the fallback for file
    // systems without change notifications.
    const watcher = watchFile(file, () => {
      changed = true;
      wake?.();
    });

    const batch = (): StoredEvent[] => {
      source ??= openSqliteReadOnly(file);
      if (!source) return [];
      const from = getCheckpoint.get(group, topic)?.position ?? 0;
      try {
        return source
          .prepare<[string, number], { message: string }>(
            'SELECT message FROM bus_messages WHERE topic = ? AND position > ? ORDER BY position LIMIT 200',
          )
          .all(topic, from)
          .map((r) => JSON.parse(r.message) as StoredEvent);
      } catch (err) {
        if (String(err).includes('no such table')) return [];
        throw err;
      }
    };

    // A topic that cannot be read (its producer's file damaged or gone) is said once, with the error, then at most
    // once a minute while it lasts (a poll a second would otherwise write a stack trace a second), then its recovery.
    let failingSince: number | undefined;
    let lastSaid = 0;
    const run = async () => {
      while (!stopped) {
        let events: StoredEvent[] = [];
        changed = false;
        try {
          events = batch();
          if (failingSince !== undefined) {
            logger?.info({ topic, group, file }, 'event bus: reading the topic again');
            failingSince = undefined;
          }
        } catch (err) {
          // Read again through a fresh connection: the file may be restored or replaced meanwhile.
          source?.close();
          source = null;
          const now = Date.now();
          if (failingSince === undefined) {
            failingSince = lastSaid = now;
            logger?.error({ err, topic, group, file }, 'event bus: reading the topic failed');
          } else if (now - lastSaid >= 60_000) {
            lastSaid = now;
            const minutes = Math.round((now - failingSince) / 60_000);
            logger?.warn(
              { topic, group, file, reason: (err as Error).message },
              `event bus: the topic still cannot be read (for ${minutes} min)`,
            );
          }
        }
        for (const event of events) {
          if (stopped) return;
          try {
            await handler(event, topic);
          } catch (err) {
            logger?.error(
              { err, topic, group, eventId: event.id },
              'event bus: handler failed; will redeliver',
            );
            break;
          }
          if (stopped) return; // a stop while the handler ran is a crash before commit: redelivered later
          saveCheckpoint.run(group, topic, event.position);
        }
        // A topic that cannot be read is tried again after a full second whatever the file watcher says (its own
        // attempts touch the file): never a busy loop on a damaged file.
        if (failingSince !== undefined && !stopped)
          await new Promise((r) => setTimeout(r, Math.max(pollMs, 1000)));
        else if (events.length < 200 && !stopped) await sleep(pollMs);
      }
    };
    // Start on the next turn, as a networked bus would: subscribe() returns before the first delivery.
    const done = new Promise((r) => setImmediate(r)).then(run);
    return {
      stop: async () => {
        stopped = true;
        watcher?.close();
        clearTimeout(timer);
        wake?.();
        await Promise.race([done, new Promise((r) => setTimeout(r, 50))]);
        source?.close();
      },
    };
  }

  async ready(): Promise<boolean> {
    return this.options.db.open;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
  }
}
