import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../src/embedded/sqlite';

/**
 * A SQLite database in a fresh temporary folder for each test of the calling suite, closed and removed after it.
 * Call it in the describe body, before the suite's own beforeEach (which then sees the new database).
 */
export function useTempSqlite(): () => SqliteDb {
  let dir = '';
  let db: SqliteDb | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), '12yards-unit-'));
    db = openSqlite(join(dir, 'x.sqlite'));
  });
  afterEach(() => {
    db?.close();
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!db) throw new Error('useTempSqlite: the database exists only inside a test');
    return db;
  };
}
