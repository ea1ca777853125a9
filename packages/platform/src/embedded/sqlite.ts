import Database from 'better-sqlite3';
import { chmodSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateDir, ensurePrivateFile, PRIVATE_FILE_MODE, StorageError } from './data-dir';

export type SqliteDb = Database.Database;

/** SQLite's answers that mean the file itself is damaged (any SQLITE_CORRUPT_* too) or is not a database. */
function isDamage(err: unknown): err is Error & { code: string } {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** quick_check's report on one line, without its "*** in database main ***" heading (its first 3 findings). */
function oneLine(report: unknown): string {
  const findings = String(report)
    .replace(/\*\*\* in database \w+ \*\*\*/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const more = findings.length > 3 ? `; ... ${findings.length - 3} more` : '';
  return findings.slice(0, 3).join('; ') + more;
}

/** The files this process opened for writing that SQLite found damaged while it ran, each with why. */
const damaged = new Map<string, string>();

/**
 * The damaged databases of this process (file -> why), found by a statement that answered SQLITE_CORRUPT or
 * SQLITE_NOTADB, or by the periodic quick_check. /readyz answers 503 naming them: the service is not ready again
 * until its file is repaired (or restored) and it is restarted.
 */
export function damagedDatabases(): ReadonlyMap<string, string> {
  return damaged;
}

const damageListeners = new Set<(file: string, why: string) => void>();

/** Calls `listener` once for each file found damaged from now on (each HTTP app logs it). */
export function onDatabaseDamage(listener: (file: string, why: string) => void): () => void {
  damageListeners.add(listener);
  return () => damageListeners.delete(listener);
}

function noteDamage(file: string, why: string): void {
  if (damaged.has(file)) return;
  const said = `${file} is damaged (${why})`;
  damaged.set(file, said);
  for (const listener of damageListeners) listener(file, said);
}

/** `fn`, reporting a damaged-file answer to {@link damagedDatabases} before throwing it on. */
function watched<A extends unknown[], R>(file: string, fn: (...args: A) => R): (...args: A) => R {
  return (...args: A) => {
    try {
      return fn(...args);
    } catch (err) {
      if (isDamage(err)) noteDamage(file, `${err.code}: ${err.message}`);
      throw err;
    }
  };
}

/** Every statement of `db` (prepared, exec'd or a pragma) reports a damaged-file answer. */
function watchForDamage(db: SqliteDb, file: string): void {
  const prepare = db.prepare.bind(db);
  const statementMethods = ['run', 'get', 'all', 'iterate'] as const;
  db.prepare = watched(file, (source: string) => {
    const statement = prepare(source);
    for (const method of statementMethods) {
      const call = (statement[method] as (...args: unknown[]) => unknown).bind(statement);
      Object.defineProperty(statement, method, { value: watched(file, call), configurable: true });
    }
    return statement;
  }) as SqliteDb['prepare'];
  db.exec = watched(file, db.exec.bind(db)) as SqliteDb['exec'];
  db.pragma = watched(file, db.pragma.bind(db)) as SqliteDb['pragma'];
  const close = db.close.bind(db);
  db.close = () => {
    // Closed, it is no longer this process's to report.
    damaged.delete(file);
    return close();
  };
}

/** SQLITE_QUICK_CHECK_MS: how often a running process checks its database file (default 5 minutes; 0: never). */
export function quickCheckEveryMs(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env.SQLITE_QUICK_CHECK_MS);
  return env.SQLITE_QUICK_CHECK_MS !== undefined && Number.isInteger(given) && given >= 0 ? given : 300_000;
}

/**
 * Runs SQLite's quick_check on the file through a connection of its own (read only, no page cache shared with the
 * process's connection, so it reads what is on disk): damage found is noted in {@link damagedDatabases}.
 */
export function checkDatabaseFile(file: string): boolean {
  let probe: SqliteDb | undefined;
  try {
    probe = new Database(file, { readonly: true, fileMustExist: true });
    probe.pragma('busy_timeout = 5000');
    const report = probe.pragma('quick_check', { simple: true });
    if (report === 'ok') return true;
    noteDamage(file, `SQLite quick_check: ${oneLine(report)}`);
    return false;
  } catch (err) {
    if (!isDamage(err)) throw err;
    noteDamage(file, `${err.code}: ${err.message}`);
    return false;
  } finally {
    probe?.close();
  }
}

/** Checks the file every `everyMs` while `db` is open (stopped by db.close()). */
function checkPeriodically(db: SqliteDb, file: string, everyMs: number): void {
  if (everyMs <= 0) return;
  const timer = setInterval(() => {
    if (!db.open || damaged.has(file)) return;
    try {
      checkDatabaseFile(file);
    } catch {
      // Busy or gone: the next round tries again; a deleted file is sqliteReadable's to report.
    }
  }, everyMs);
  timer.unref();
  const close = db.close.bind(db);
  db.close = () => {
    clearInterval(timer);
    return close();
  };
}

/**
 * Opens (creating if needed) a service's SQLite file in WAL mode, so readers in other processes never block it.
 * The file and its -wal/-shm are the owner's only (0600). A file that fails SQLite's quick integrity check stops
 * the opening with a {@link StorageError} naming it, instead of serving from damaged data. While it runs, any statement
 * that meets damage, and a quick_check every `checkEveryMs` (SQLITE_QUICK_CHECK_MS), put it in
 * {@link damagedDatabases}, which /readyz reports.
 */
export function openSqlite(file: string, checkEveryMs = quickCheckEveryMs()): SqliteDb {
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
    if (file !== ':memory:') {
      watchForDamage(db, file);
      checkPeriodically(db, file, checkEveryMs);
    }
    return db;
  } catch (err) {
    db?.close();
    if (err instanceof StorageError) throw err;
    if (isDamage(err)) throw new StorageError(`${file} is damaged (${err.code}: ${err.message})`);
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
