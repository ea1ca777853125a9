import type { SqliteDb } from '../embedded/sqlite';
import type { SubjectKeyStore } from './subject-keys';

/**
 * The subject keys in their own table of the service's SQLite file. The connection runs with `secure_delete`, so a
 * deleted key's page is overwritten with zeros, and the WAL is checkpointed and truncated after a delete, so no
 * earlier copy of the page stays in the -wal file either.
 */
export class SqliteSubjectKeyStore implements SubjectKeyStore {
  private readonly getStmt;
  private readonly insertStmt;
  private readonly deleteStmt;

  constructor(private readonly db: SqliteDb) {
    db.pragma('secure_delete = ON');
    db.exec(
      'CREATE TABLE IF NOT EXISTS subject_keys (subject_id TEXT PRIMARY KEY, wrapped BLOB NOT NULL, created_at TEXT NOT NULL)',
    );
    this.getStmt = db.prepare<[string], { wrapped: Buffer }>(
      'SELECT wrapped FROM subject_keys WHERE subject_id = ?',
    );
    this.insertStmt = db.prepare<[string, Buffer, string]>(
      'INSERT INTO subject_keys (subject_id, wrapped, created_at) VALUES (?, ?, ?) ON CONFLICT (subject_id) DO NOTHING',
    );
    this.deleteStmt = db.prepare<[string]>('DELETE FROM subject_keys WHERE subject_id = ?');
  }

  async get(subjectId: string): Promise<Buffer | null> {
    return this.getStmt.get(subjectId)?.wrapped ?? null;
  }

  async putIfAbsent(subjectId: string, wrapped: Buffer): Promise<Buffer> {
    this.insertStmt.run(subjectId, wrapped, new Date().toISOString());
    return this.getStmt.get(subjectId)!.wrapped;
  }

  async *all(): AsyncIterable<[string, Buffer]> {
    const rows = this.db
      .prepare<[], { subject_id: string; wrapped: Buffer }>('SELECT subject_id, wrapped FROM subject_keys')
      .iterate();
    for (const row of rows) yield [row.subject_id, row.wrapped];
  }

  async delete(subjectId: string): Promise<boolean> {
    const deleted = this.deleteStmt.run(subjectId).changes > 0;
    if (deleted) scrubWal(this.db);
    return deleted;
  }

  async compact(): Promise<void> {
    scrubWal(this.db);
  }

  async ready(): Promise<boolean> {
    this.db.prepare('SELECT 1 FROM subject_keys LIMIT 1').get();
    return true;
  }
}

/**
 * Copies the WAL into the database file and empties the WAL (TRUNCATE), so a deleted row's old page images are not
 * left in the -wal file. A reader in another process may hold it back; the next checkpoint finishes the job.
 */
export function scrubWal(db: SqliteDb): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
}
