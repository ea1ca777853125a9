import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const startScript = resolve(__dirname, '..', '..', '..', '..', 'scripts', 'start.mjs');
const SERVICES = ['status', 'content', 'partners', 'contracts', 'media'];

/** A process that answers /readyz on its PORT, as a built service does. */
const healthy = `require('node:http').createServer((req, res) => res.end('{}')).listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));`;
/** A gateway that answers, but not ready (503 on /readyz), as it does while one of the services is down. */
const notReady = `require('node:http').createServer((req, res) => { res.statusCode = req.url === '/readyz' ? 503 : 200; res.end('{}'); }).listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));`;
/** A process that stops at start with one line, as a service does on a damaged database. */
const broken = `process.stderr.write('status: ' + process.env.DATA_DIR + '/status.sqlite is damaged\\n'); process.exit(1);`;

/**
 * `npm start`'s script in a folder of its own, with the gateway and services "built" as small stand-ins (no sources,
 * no web app: nothing to build), so what is tested is how it prepares DATA_DIR and looks after its processes.
 */
function fakeRoot(programs: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), '12yards-start-'));
  mkdirSync(join(root, 'scripts'));
  mkdirSync(join(root, 'node_modules'));
  copyFileSync(startScript, join(root, 'scripts', 'start.mjs'));
  for (const name of ['gateway', ...SERVICES]) {
    const dist = join(root, name === 'gateway' ? 'gateway' : `services/${name}`, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'main.js'), programs[name] ?? healthy);
  }
  return root;
}

// Below Linux's ephemeral range (32768+), where other tests' client sockets could hold the port.
const port = () => 20_000 + Math.floor(Math.random() * 12_000);

describe('npm start (scripts/start.mjs)', () => {
  jest.setTimeout(60_000);
  const roots: string[] = [];
  afterEach(() => {
    for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
  });

  it('When everything starts, then DATA_DIR is 0700 and the internal secret 0600', async () => {
    const root = fakeRoot({});
    roots.push(root);
    const dataDir = join(root, 'data');
    const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
      env: { PATH: process.env.PATH, PORT: String(port()), DATA_DIR: dataDir },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const ended = new Promise((r) => child.on('exit', r));
    try {
      const deadline = Date.now() + 30_000;
      while (!out.includes('12Yards is running') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(out).toContain('12Yards is running');
      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
      expect((statSync(join(dataDir, '.internal-secret')).mode & 0o777).toString(8)).toBe('600');
    } finally {
      child.kill('SIGTERM');
      await ended;
    }
  });

  it('When a service cannot start (a damaged database), then after 3 tries start says which file and keeps the gateway and the other services running', async () => {
    const root = fakeRoot({ status: broken, gateway: notReady });
    roots.push(root);
    const dataDir = join(root, 'data');
    const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
      env: { PATH: process.env.PATH, PORT: String(port()), DATA_DIR: dataDir },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const ended = new Promise((r) => child.on('exit', r));
    try {
      const deadline = Date.now() + 30_000;
      while (!out.includes('12Yards is running') && child.exitCode === null && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(child.exitCode).toBeNull();
      expect(err.trim().split('\n')).toEqual(Array(3).fill(`status: ${dataDir}/status.sqlite is damaged`));
      expect(out).toContain(
        `[start] status exited (1) 3 times before it was ready; its database file ${dataDir}/status.sqlite is damaged. The other services and the public pages go on without it; restore or repair that file (or move it away to start it empty), then restart npm start.`,
      );
      expect(out).toMatch(/12Yards is running at .*, without status \(see above\)/);
    } finally {
      child.kill('SIGTERM');
      await ended;
    }
  });

  it('When the gateway exits at every start before it is ready, then start stops after 3 tries with exit code 1', () => {
    const root = fakeRoot({ gateway: broken });
    roots.push(root);
    const dataDir = join(root, 'data');
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs')], {
      env: { PATH: process.env.PATH, PORT: String(port()), DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      '[start] gateway exited (1) 3 times before it was ready; see its message above. Stopping.',
    );
  });

  it('When DATA_DIR cannot be created, then start stops at once with one line and exit code 1', () => {
    const root = fakeRoot({});
    roots.push(root);
    writeFileSync(join(root, 'a-file'), '');
    const dataDir = join(root, 'a-file', 'data');
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs')], {
      env: { PATH: process.env.PATH, PORT: String(port()), DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`[start] DATA_DIR ${dataDir} is not usable: ENOTDIR\n`);
  });
});
