import type { Connection } from 'mongoose';
import { openSqliteReadOnly, type SqliteDb } from '../embedded/sqlite';
import { MongoSubjectKeyStore } from './mongo-subject-key-store';
import type { SubjectKeyStore } from './subject-keys';

const readOnly = (): never => {
  throw new Error("another service's subject keys are read-only here");
};

/**
 * Another service's subject keys in its SQLite file, read-only (a consumer opening the personal fields of the
 * producer's integration events). No file or no table yet: no key.
 */
export function sqliteKeyReader(file: string): SubjectKeyStore & { close(): void } {
  let db: SqliteDb | null = null;
  return {
    async get(subjectId) {
      db ??= openSqliteReadOnly(file);
      if (!db) return null;
      try {
        const row = db.prepare('SELECT wrapped FROM subject_keys WHERE subject_id = ?').get(subjectId) as
          { wrapped: Buffer } | undefined;
        return row?.wrapped ?? null;
      } catch (err) {
        if (/no such table/.test((err as Error).message)) return null;
        throw err;
      }
    },
    putIfAbsent: readOnly,
    delete: readOnly,
    async ready() {
      return true;
    },
    close() {
      if (db?.open) db.close();
    },
  };
}

/**
 * Another service's subject keys in its MongoDB database, read-only. Read as the producer reads them: the keys that
 * the consumers of a fetched batch ask for side by side go in one lookup.
 */
export function mongoKeyReader(
  connect: () => Promise<Connection>,
): SubjectKeyStore & { close(): Promise<void> } {
  let conn: Promise<Connection> | undefined;
  let store: Promise<MongoSubjectKeyStore> | undefined;
  const opened = () => (store ??= (conn ??= connect()).then((c) => new MongoSubjectKeyStore(c)));
  return {
    async get(subjectId) {
      return (await opened()).get(subjectId);
    },
    putIfAbsent: readOnly,
    delete: readOnly,
    async ready() {
      return true;
    },
    async close() {
      if (conn) await (await conn).close();
    },
  };
}
