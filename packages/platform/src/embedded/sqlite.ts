import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type SqliteDb = Database.Database;

/** Opens (creating if needed) a service's SQLite file in WAL mode, so readers in other processes never block it. */
export function openSqlite(file: string): SqliteDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}

/** Opens another process's SQLite file for reading only; null while it does not exist yet. */
export function openSqliteReadOnly(file: string): SqliteDb | null {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CANTOPEN') return null;
    throw err;
  }
}
