import { openSqlite, type SqliteDb } from '../embedded/sqlite';
import { SqliteReadModels } from '../embedded/sqlite-read-models';

/**
 * Read models in an in-memory SQLite database, made afresh before each test of the block this is called in and
 * closed after it: what a projection's unit test applies its events to. Returns the current test's read models.
 */
export function useInMemoryReadModels(): () => SqliteReadModels {
  let db: SqliteDb | undefined;
  let models: SqliteReadModels | undefined;
  beforeEach(() => {
    db = openSqlite(':memory:');
    models = new SqliteReadModels(db);
  });
  afterEach(() => db?.close());
  return () => models!;
}
