// Issue 18: a process that cannot bind its port must say why and exit non-zero, never log "listening" and run on.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_SECRET } from '../../src/testing';

const root = resolve(__dirname, '..', '..', '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

describe('a port that is taken stops start-up loudly', () => {
  jest.setTimeout(90_000);
  let dataDir: string;
  let taken: Server;
  let port: number;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), '12yards-bind-'));
    taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    port = (taken.address() as { port: number }).port;
  });
  afterEach(async () => {
    await new Promise((r) => taken.close(r));
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs an entry point on the taken port; a process that keeps running is killed after 20 s (status null). */
  const run = (entry: string) => {
    const { PATH, HOME } = process.env;
    const result = spawnSync(tsx, [join(root, entry)], {
      cwd: root,
      env: {
        PATH,
        HOME,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: '0',
        DATA_DIR: dataDir,
        INTERNAL_SECRET: TEST_SECRET,
      },
      encoding: 'utf8',
      timeout: 20_000,
      killSignal: 'SIGKILL',
    });
    return { status: result.status, output: result.stdout + result.stderr };
  };

  it.each([
    ['the gateway', 'gateway/src/main.ts'],
    ['a service', 'services/status/src/main.ts'],
  ])(
    'When %s starts on a port another process holds, then it logs EADDRINUSE, never "listening", and exits non-zero',
    (_name, entry) => {
      const { status, output } = run(entry);
      expect(output).toMatch(/EADDRINUSE/);
      expect(output).not.toMatch(/listening/);
      expect(status).not.toBeNull(); // it ended by itself
      expect(status).not.toBe(0);
    },
  );
});
