import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../src/embedded/sqlite';
import { sqliteKeyReader } from '../../src/privacy/foreign-keys';
import { SqliteSubjectKeyStore } from '../../src/privacy/sqlite-subject-key-store';
import { subjectKeyStoreContract } from './subject-keys.suite';

subjectKeyStoreContract('embedded sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), '12yards-keys-'));
  const file = join(dir, 'svc.sqlite');
  const opened: SqliteDb[] = [];
  return {
    open: async () => {
      const db = openSqlite(file);
      opened.push(db);
      return new SqliteSubjectKeyStore(db);
    },
    storedBytes: async () =>
      Buffer.concat([file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f))),
    reader: async () => sqliteKeyReader(file),
    cleanup: async () => {
      for (const db of opened) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
