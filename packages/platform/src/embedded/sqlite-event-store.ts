import { randomUUID } from 'node:crypto';
import {
  ConcurrencyError,
  DuplicateEventError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
} from '../ports';
import type { SqliteDb } from './sqlite';

interface EventRow {
  position: number;
  id: string;
  stream_id: string;
  version: number;
  type: string;
  occurred_at: string;
  data: string;
  meta: string;
}

export const EVENTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    id          TEXT NOT NULL UNIQUE,
    stream_id   TEXT NOT NULL,
    version     INTEGER NOT NULL,
    type        TEXT NOT NULL,
    occurred_at TEXT NOT NULL,
    data        TEXT NOT NULL,
    meta        TEXT NOT NULL,
    UNIQUE (stream_id, version)
  )`;

export function rowToEvent(row: EventRow): StoredEvent {
  return {
    id: row.id,
    type: row.type,
    streamId: row.stream_id,
    version: row.version,
    position: row.position,
    occurredAt: row.occurred_at,
    data: JSON.parse(row.data),
    meta: JSON.parse(row.meta),
  };
}

/** Event store in the service's SQLite file; positions come from the table's autoincrement key. */
export class SqliteEventStore implements EventStore {
  private readonly appendTx: (
    streamId: string,
    expected: ExpectedVersion,
    events: NewEvent[],
  ) => AppendResult;

  constructor(
    private readonly db: SqliteDb,
    private readonly clock: () => Date = () => new Date(),
  ) {
    db.exec(EVENTS_SCHEMA);
    const currentVersion = db.prepare<[string], { v: number | null }>(
      'SELECT MAX(version) AS v FROM events WHERE stream_id = ?',
    );
    const insert = db.prepare(
      'INSERT INTO events (id, stream_id, version, type, occurred_at, data, meta) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.appendTx = db.transaction((streamId: string, expected: ExpectedVersion, events: NewEvent[]) => {
      const actual = currentVersion.get(streamId)?.v ?? 0;
      if (
        (expected === 'no_stream' && actual !== 0) ||
        (typeof expected === 'number' && expected !== actual)
      ) {
        throw new ConcurrencyError(streamId, expected, actual);
      }
      const occurredAt = this.clock().toISOString();
      const stored: StoredEvent[] = events.map((e, i) => {
        const event = {
          id: e.id ?? randomUUID(),
          type: e.type,
          streamId,
          version: actual + i + 1,
          position: 0,
          occurredAt,
          data: e.data,
          meta: e.meta ?? {},
        };
        const info = insert.run(
          event.id,
          streamId,
          event.version,
          event.type,
          occurredAt,
          JSON.stringify(event.data),
          JSON.stringify(event.meta),
        );
        event.position = Number(info.lastInsertRowid);
        return event;
      });
      return { nextExpectedVersion: actual + events.length, events: stored };
    });
  }

  /**
   * Replaces one stored event's data in place: only for sealing personal data written in plain text before it was
   * encrypted (privacy/seal-plaintext.ts), never for a change of what happened. Answers whether the event exists.
   */
  async rewriteData(eventId: string, data: unknown): Promise<boolean> {
    return (
      this.db.prepare('UPDATE events SET data = ? WHERE id = ?').run(JSON.stringify(data), eventId).changes >
      0
    );
  }

  /**
   * The messages of the embedded topic kept in this file (bus_messages: what the outbox relay published), after
   * `from`; none when the topic is elsewhere (Kafka). For sealing personal data published in plain text.
   */
  async topicMessages(
    topic: string,
    from = 0,
    limit = 500,
  ): Promise<{ position: number; message: StoredEvent }[]> {
    try {
      return this.db
        .prepare<[string, number, number], { position: number; message: string }>(
          'SELECT position, message FROM bus_messages WHERE topic = ? AND position > ? ORDER BY position LIMIT ?',
        )
        .all(topic, from, limit)
        .map((r) => ({ position: r.position, message: JSON.parse(r.message) as StoredEvent }));
    } catch (err) {
      if (String(err).includes('no such table')) return [];
      throw err;
    }
  }

  /** Replaces one message of the embedded topic in place (sealing only, as {@link rewriteData}). */
  async rewriteTopicMessage(topic: string, position: number, message: StoredEvent): Promise<void> {
    this.db
      .prepare('UPDATE bus_messages SET message = ? WHERE topic = ? AND position = ?')
      .run(JSON.stringify(message), topic, position);
  }

  async append(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      return this.appendTx(streamId, expectedVersion, events);
    } catch (err) {
      // Two writers that both read version n race on UNIQUE(stream_id, version): the loser gets a conflict.
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        if (String((err as Error).message).includes('events.id')) {
          const dup = events.find((e) => e.id)?.id ?? 'unknown';
          throw new DuplicateEventError(dup);
        }
        const actual = (await this.read(streamId)).length;
        throw new ConcurrencyError(streamId, expectedVersion, actual);
      }
      throw err;
    }
  }

  async read(streamId: string): Promise<StoredEvent[]> {
    return this.db
      .prepare<[string], EventRow>('SELECT * FROM events WHERE stream_id = ? ORDER BY version')
      .all(streamId)
      .map(rowToEvent);
  }

  async readAll(fromPosition: number, limit = 1000): Promise<StoredEvent[]> {
    return this.db
      .prepare<[number, number], EventRow>(
        'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
      )
      .all(fromPosition, limit)
      .map(rowToEvent);
  }

  async readAllBackward(beforePosition = Number.MAX_SAFE_INTEGER, limit = 1000): Promise<StoredEvent[]> {
    return this.db
      .prepare<[number, number], EventRow>(
        'SELECT * FROM events WHERE position < ? ORDER BY position DESC LIMIT ?',
      )
      .all(beforePosition, limit)
      .map(rowToEvent);
  }

  async lastPosition(): Promise<number> {
    return this.db.prepare<[], { p: number | null }>('SELECT MAX(position) AS p FROM events').get()?.p ?? 0;
  }

  async ready(): Promise<boolean> {
    return this.db.open;
  }

  async close(): Promise<void> {
    // The database handle is shared by the service's embedded adapters and closed by its owner.
  }
}
