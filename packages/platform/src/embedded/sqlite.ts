import Database from 'better-sqlite3';
import { chmodSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateDir, ensurePrivateFile, PRIVATE_FILE_MODE, StorageError } from './data-dir';

export type SqliteDb = Database.Database;

/** SQLite's answers that mean the file itself is damaged or is not a database. */
const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/** quick_check's report on one line, without its "*** in database main ***" heading. */
function oneLine(report: unknown): string {
  return String(report)
    .replace(/\*\*\* in database \w+ \*\*\*/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('; ');
}

/**
 * Opens (creating if needed) a service's SQLite file in WAL mode, so readers in other processes never block it.
 * The file and its -wal/-shm are the owner's only (0600). A file that fails SQLite's quick integrity check stops
 * the opening with a {@link StorageError} naming it, instead of serving from damaged data.
 */
export function openSqlite(file: string): SqliteDb {
  if (file !== ':memory:') {
    ensurePrivateDir(dirname(file));
    ensurePrivateFile(file);
    for (const companion of [`${file}-wal`, `${file}-shm`]) {
      try {
        chmodSync(companion, PRIVATE_FILE_MODE);
      } catch {
        // Not there yet: SQLite will create it with the database file's mode.
      }
    }
  }
  let db: SqliteDb | undefined;
  try {
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new StorageError(`${file} is damaged (SQLite quick_check: ${oneLine(check)})`);
    return db;
  } catch (err) {
    db?.close();
    if (err instanceof StorageError) throw err;
    const code = (err as { code?: string }).code;
    if (code && DAMAGED.has(code))
      throw new StorageError(`${file} is damaged (${code}: ${(err as Error).message})`);
    throw err;
  }
}

/**
 * Whether a database still works: its connection answers, and the file at its path is still a readable database
 * (a fresh read-only connection reads the header; the open connection alone would go on from its page cache, or
 * from a file that was deleted under it).
 */
export function sqliteReadable(db: SqliteDb): boolean {
  if (!db.open) return false;
  db.prepare('SELECT count(*) FROM sqlite_schema').get();
  if (db.memory) return true;
  const probe = new Database(db.name, { readonly: true, fileMustExist: true });
  try {
    probe.prepare('SELECT count(*) FROM sqlite_schema').get();
    return true;
  } finally {
    probe.close();
  }
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
