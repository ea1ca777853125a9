import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { statusService } from '@12yards/status/src/definition';
import { createInfrastructure, startService, StorageError } from '../../src';
import { testServiceEnv, TEST_SECRET } from '../../src/testing';

const root = resolve(__dirname, '..', '..', '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

/** Every folder and file under `dir` (itself included) with its permission bits, e.g. ['objects/', 0o700]. */
function modes(dir: string, prefix = ''): [string, number][] {
  const entries: [string, number][] = [[prefix || '.', statSync(dir).mode & 0o777]];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) entries.push(...modes(path, `${prefix}${entry.name}/`));
    else entries.push([`${prefix}${entry.name}`, statSync(path).mode & 0o777]);
  }
  return entries;
}

/** Writes random bytes over `length` bytes of `file` at `offset`. */
function scribble(file: string, offset: number, length: number) {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, randomBytes(length), 0, length, offset);
  } finally {
    closeSync(fd);
  }
}

/** Runs a process's entry point with only the given variables; returns how it ended. */
function run(entry: string, vars: Record<string, string>) {
  const { PATH, HOME } = process.env;
  const result = spawnSync(tsx, [join(root, entry)], {
    cwd: root,
    env: { PATH, HOME, NODE_ENV: 'test', PORT: '0', INTERNAL_SECRET: TEST_SECRET, ...vars },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

describe('embedded storage: private files, damaged files, unusable data folders', () => {
  // Some tests start processes (tsx compiles them first).
  jest.setTimeout(60_000);
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), '12yards-storage-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('When a service and the gateway start on a fresh data folder, then the folder is 0700 and every file in it 0600', async () => {
    const env = testServiceEnv({ DATA_DIR: join(base, 'data') });
    const service = await startService(statusService, env);
    const gateway = await createInfrastructure('gateway', env);
    try {
      // The status service stores no files (it does not declare the object store); the gateway's full set does.
      await gateway.objects.put('media/photo.jpg', Buffer.from('bytes'), {
        contentType: 'image/jpeg',
      });
      const found = modes(env.DATA_DIR);
      // SQLite's companions exist while the database is open, so they are checked too.
      expect(found.map(([name]) => name)).toEqual(
        expect.arrayContaining(['status.sqlite', 'status.sqlite-wal', 'status.sqlite-shm', 'gateway.sqlite']),
      );
      const expected = found.map(([name]): [string, number] => [
        name,
        name === '.' || name.endsWith('/') ? 0o700 : 0o600,
      ]);
      expect(found.map(([n, m]) => [n, m.toString(8)])).toEqual(expected.map(([n, m]) => [n, m.toString(8)]));
    } finally {
      await gateway.close();
      await service.stop();
    }
  });

  it('When a database file has garbage written over its middle, then start-up fails with one line naming the file', async () => {
    const env = testServiceEnv({ DATA_DIR: join(base, 'data') });
    await (await startService(statusService, env)).stop();
    const file = join(env.DATA_DIR, 'status.sqlite');
    const size = statSync(file).size;
    scribble(file, Math.floor(size / 4096 / 2) * 4096, 4096);

    await expect(startService(statusService, env)).rejects.toThrow(StorageError);
    await expect(startService(statusService, env)).rejects.toThrow(`status: ${file} is damaged`);

    const result = run('services/status/src/main.ts', { DATA_DIR: env.DATA_DIR });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringContaining(`status: ${file} is damaged`)]);
  });

  it.each([
    [
      'garbage over its header',
      (file: string) => {
        // Once SQLite has copied the log into the file (it does so by itself every 1000 pages).
        const db = new Database(file);
        db.pragma('wal_checkpoint(TRUNCATE)');
        db.close();
        scribble(file, 0, 100);
      },
      // The check's own statement meets the damage: the file is named.
      (file: string) => ({ damaged: [`${file} is damaged (SQLITE_NOTADB: file is not a database)`] }),
    ],
    ['deleted', (file: string) => rmSync(file), () => ({})],
  ])(
    'When the running service database file gets %s, then /readyz answers 503 naming storage',
    async (_, harm, named) => {
      const env = testServiceEnv({ DATA_DIR: join(base, 'data') });
      const service = await startService(statusService, env);
      try {
        const before = await request(service.app).get('/readyz').expect(200);
        expect(before.body.checks.storage).toBe(true);
        harm(join(env.DATA_DIR, 'status.sqlite'));
        const after = await request(service.app).get('/readyz').expect(503);
        expect(after.body).toEqual({
          status: 'not_ready',
          checks: expect.objectContaining({ storage: false }),
          ...named(join(env.DATA_DIR, 'status.sqlite')),
        });
      } finally {
        await service.stop();
      }
    },
  );

  it('When the running gateway database file gets garbage over its header, then the gateway /readyz answers 503', async () => {
    const dataDir = join(base, 'data');
    // A port free now (a random one may be another process's, and the gateway would exit on it).
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const { PATH, HOME } = process.env;
    const gateway = spawn(tsx, [join(root, 'gateway/src/main.ts')], {
      cwd: root,
      env: {
        PATH,
        HOME,
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: dataDir,
        INTERNAL_SECRET: TEST_SECRET,
      },
      stdio: 'ignore',
    });
    const ended = new Promise((r) => gateway.on('exit', r));
    const readyz = () =>
      fetch(`http://127.0.0.1:${port}/readyz`).then(
        async (r) => ({ status: r.status, body: await r.json() }),
        () => null,
      );
    try {
      let first = await readyz();
      for (let i = 0; i < 500 && !first && gateway.exitCode === null; i++)
        first = await new Promise((r) => setTimeout(r, 100)).then(readyz);
      expect(gateway.exitCode).toBeNull();
      // No service runs beside this gateway, so its /readyz is 503 for them already: storage is what is checked.
      expect(first).toEqual({
        status: 503,
        body: expect.objectContaining({ checks: expect.objectContaining({ storage: true }) }),
      });
      const file = join(dataDir, 'gateway.sqlite');
      const db = new Database(file);
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      scribble(file, 0, 100);
      expect(await readyz()).toEqual({
        status: 503,
        body: expect.objectContaining({ checks: expect.objectContaining({ storage: false }) }),
      });
    } finally {
      gateway.kill('SIGTERM');
      await ended;
    }
  }, 60_000);

  it.each([
    ['the status service', 'services/status/src/main.ts', 'status'],
    ['the gateway', 'gateway/src/main.ts', 'gateway'],
  ])(
    'When %s gets a data folder that cannot be created, then it stops with exit code 1 and one line',
    (_, entry, name) => {
      // Root writes through any mode bits; a folder under a regular file fails for everyone.
      writeFileSync(join(base, 'a-file'), '');
      const dataDir = join(base, 'a-file', 'data');
      const result = run(entry, { DATA_DIR: dataDir });
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        `${name}: DATA_DIR ${dataDir} cannot be created: ENOTDIR`,
      ]);
    },
  );
});
