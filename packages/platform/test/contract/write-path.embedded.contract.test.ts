import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../../src/embedded/sqlite';
import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { writePathContract } from './write-path.suite';

writePathContract(
  'embedded sqlite',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), '12yards-contract-'));
    const db = openSqlite(join(dir, 'svc.sqlite'));
    return {
      store: new SqliteEventStore(db),
      models: new SqliteReadModels(db),
      takeCommands: () => [], // in-process SQLite: no server to send commands to
      cleanup: async () => {
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  0,
);
