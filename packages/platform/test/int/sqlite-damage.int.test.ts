import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { statusService } from '@12yards/status/src/definition';
import { createHttpApp, createLogger, startService } from '../../src';
import { testServiceEnv } from '../../src/testing';
import { damagedDatabases, openSqlite } from '../../src/embedded/sqlite';
import { SqliteEventBus } from '../../src/embedded/sqlite-event-bus';

/** Writes `length` bytes of 0xAB over `file` from `offset` on, as a failing disk or a stray write would. */
function scribble(file: string, offset: number, length: number) {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(length, 0xab), 0, length, offset);
  } finally {
    closeSync(fd);
  }
}

async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a SQLite file damaged while the process runs', () => {
  jest.setTimeout(30_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), '12yards-damage-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('When a statement meets a damaged page (SQLITE_CORRUPT), then /readyz answers 503 naming the file, though writes still succeed', async () => {
    const file = join(dir, 'partners.sqlite');
    const db = openSqlite(file, 0);
    const app = createHttpApp({ logger: createLogger('test', 'silent'), readiness: {} });
    try {
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
      const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
      db.transaction(() => {
        for (let i = 0; i < 5000; i++) insert.run('x'.repeat(200));
      })();
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.pragma('cache_size = 0');
      await request(app).get('/readyz').expect(200);

      scribble(file, 4096 * 30, 4096 * 20);
      expect(() => db.prepare('SELECT count(*), sum(length(v)) FROM t').get()).toThrow(
        expect.objectContaining({ code: 'SQLITE_CORRUPT' }),
      );
      // SQLite itself goes on accepting writes: only the check says the file cannot be trusted.
      insert.run('y');

      const res = await request(app).get('/readyz').expect(503);
      expect(res.body.status).toBe('not_ready');
      expect(res.body.damaged).toEqual([
        `${file} is damaged (SQLITE_CORRUPT: database disk image is malformed)`,
      ]);
    } finally {
      db.close();
    }
    // Closed, it is no longer this process's to report.
    expect(damagedDatabases().has(file)).toBe(false);
  });

  it('When a running service’s file is damaged and nothing reads it, then the periodic quick_check finds it and /readyz answers 503 naming the file', async () => {
    process.env.SQLITE_QUICK_CHECK_MS = '100';
    const env = testServiceEnv({ DATA_DIR: dir });
    const svc = await startService(statusService, env, { logger: createLogger('status', 'silent') });
    try {
      await within(5000, async () => (await request(svc.app).get('/readyz')).status === 200);
      const file = join(dir, 'status.sqlite');
      // What was written is moved from the -wal into the file itself, as SQLite does from time to time.
      const other = new Database(file);
      other.pragma('wal_checkpoint(TRUNCATE)');
      other.close();
      expect(statSync(file).size).toBeGreaterThan(4096);
      scribble(file, 4096, statSync(file).size - 4096);

      await within(5000, async () => (await request(svc.app).get('/readyz')).status === 503);
      const res = await request(svc.app).get('/readyz').expect(503);
      expect(res.body.damaged).toHaveLength(1);
      expect(res.body.damaged[0]).toMatch(
        new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged \\(`),
      );
    } finally {
      delete process.env.SQLITE_QUICK_CHECK_MS;
      await svc.stop();
    }
  });

  it('When another service’s topic file is damaged, then its readers say so once (not a stack trace per poll) and do not spin', async () => {
    const topicFile = join(dir, 'partners.sqlite');
    const producer = openSqlite(topicFile, 0);
    producer.exec('CREATE TABLE bus_messages (position INTEGER PRIMARY KEY, topic TEXT, message TEXT)');
    producer.pragma('wal_checkpoint(TRUNCATE)');
    producer.close();
    scribble(topicFile, 0, 100);
    const lines: { level: number; msg: string }[] = [];
    const logger = createLogger('gateway', 'info', { write: (l: string) => void lines.push(JSON.parse(l)) });
    const db = openSqlite(join(dir, 'gateway.sqlite'), 0);
    const bus = new SqliteEventBus({ topics: { partners: topicFile }, db, pollMs: 10, logger });
    const subscription = await bus.subscribe('gateway-live', ['partners'], async () => undefined);
    try {
      await new Promise((r) => setTimeout(r, 1500));
      const failures = lines.filter((l) => l.msg === 'event bus: reading the topic failed');
      expect(failures).toHaveLength(1);
      expect(failures[0]!.level).toBe(50);
      expect(lines).toHaveLength(1);
    } finally {
      await subscription.stop();
      await bus.close();
      db.close();
    }
  });
});
