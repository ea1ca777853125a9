import type { Connection } from 'mongoose';
import { openSqliteReadOnly, type SqliteDb } from '../embedded/sqlite';
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

/** Another service's subject keys in its MongoDB database, read-only. */
export function mongoKeyReader(
  connect: () => Promise<Connection>,
): SubjectKeyStore & { close(): Promise<void> } {
  let conn: Promise<Connection> | undefined;
  return {
    async get(subjectId) {
      const c = await (conn ??= connect());
      const doc = await c
        .db!.collection<{ _id: string; wrapped: { buffer: Uint8Array } | Buffer }>('subject_keys')
        .findOne({ _id: subjectId });
      if (!doc) return null;
      return Buffer.isBuffer(doc.wrapped) ? doc.wrapped : Buffer.from(doc.wrapped.buffer);
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
