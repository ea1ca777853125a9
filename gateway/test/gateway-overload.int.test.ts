import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Server } from 'node:http';
import { startService, type RunningService } from '@12yards/platform';
import { testServiceEnv } from '@12yards/platform/testing';
import { statusService } from '@12yards/status/src/definition';

// The real gateway in its own process (as in production), in front of a status service, under a flood of
// anonymous reads, each on its own connection. OVERLOAD_CONNECTIONS changes the size of the flood.
const CONNECTIONS = Number(process.env.OVERLOAD_CONNECTIONS ?? 600);
const root = resolve(__dirname, '../..');

interface Answer {
  status: number | 'error';
  retryAfter?: string;
  code?: string;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });
}

/** One GET on a connection of its own; never rejects (a failed connection is an answer too). */
function get(port: number, path: string): Promise<Answer> {
  return new Promise((ok) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () =>
        ok({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined }),
      );
      res.on('error', (e: NodeJS.ErrnoException) => ok({ status: 'error', code: e.code }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) => ok({ status: 'error', code: e.code }));
  });
}

async function waitForHealth(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the gateway exited at start: ${stderr()}`);
    const res = await get(port, '/healthz');
    if (res.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the gateway did not answer /healthz within 30 s');
}

interface Gateway {
  child: ChildProcess;
  port: number;
  stderr(): string;
  stop(): Promise<void>;
}

/** The gateway as `npm start` runs it (its own process, from source through tsx), in front of the status service. */
async function spawnGateway(
  statusUrl: string,
  secret: string,
  extraEnv: Record<string, string> = {},
): Promise<Gateway> {
  const dataDir = mkdtempSync(join(tmpdir(), '12yards-overload-'));
  const port = await freePort();
  let stderr = '';
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), 'gateway/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        INTERNAL_SECRET: secret,
        SCRYPT_N: String(2 ** 10),
        SHELL_DIST: join(dataDir, 'no-web'),
        STATUS_URL: statusUrl,
        ADMIN_USERNAME: undefined,
        ADMIN_PASSWORD: undefined,
        ...extraEnv,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const gateway: Gateway = {
    child,
    port,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitForHealth(port, child, () => stderr);
  } catch (err) {
    await gateway.stop();
    throw err;
  }
  return gateway;
}

/** CONNECTIONS concurrent anonymous reads, each on its own connection; the answers counted by status. */
async function flood(gateway: Gateway) {
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: CONNECTIONS }, () => get(gateway.port, '/api/service-status')),
  );
  // A crash resets every connection before the exit is seen: give it a moment to show.
  await new Promise((r) => setTimeout(r, 1000));
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = a.status === 'error' ? `error ${a.code}` : String(a.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  const exited = gateway.child.exitCode;
  const crash =
    gateway
      .stderr()
      .split('\n')
      .find((l) => /Error/.test(l)) ?? gateway.stderr().slice(0, 300);
  console.log(
    `${CONNECTIONS} concurrent GET /api/service-status in ${Date.now() - started} ms: ${JSON.stringify(counts)}; ` +
      `gateway ${exited === null ? 'running' : `exited with ${exited}: ${crash}`}`,
  );
  return { answers, counts };
}

describe('gateway under a flood of anonymous connections', () => {
  jest.setTimeout(60_000);
  let status: RunningService;
  let statusServer: Server;
  let statusUrl: string;
  let gateway: Gateway | undefined;
  const env = testServiceEnv();

  beforeAll(async () => {
    status = await startService(statusService, env);
    statusServer = status.app.listen(0, '127.0.0.1');
    await new Promise((r) => statusServer.once('listening', r));
    statusUrl = `http://127.0.0.1:${(statusServer.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await gateway?.stop();
    gateway = undefined;
  });
  afterAll(async () => {
    statusServer.closeAllConnections();
    await new Promise((r) => statusServer.close(r));
    await status.stop();
    env.cleanup();
  });

  const stillServing = async (g: Gateway) => {
    expect(g.child.exitCode).toBeNull();
    expect((await get(g.port, '/healthz')).status).toBe(200);
    expect((await get(g.port, '/api/service-status')).status).toBe(200);
  };

  it(`When ${CONNECTIONS} visitors ask for the service status at once, then the gateway answers each with 200 or 503 + Retry-After and keeps running`, async () => {
    gateway = await spawnGateway(statusUrl, env.INTERNAL_SECRET);
    const { answers } = await flood(gateway);
    expect(gateway.child.exitCode).toBeNull();
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.status === 503 && !/^\d+$/.test(a.retryAfter ?? ''))).toEqual([]);
    await stillServing(gateway);
  });

  it('When the flood is larger than the places and the wait line, then the rest get 503 with Retry-After at once', async () => {
    gateway = await spawnGateway(statusUrl, env.INTERNAL_SECRET, {
      PROXY_MAX_IN_FLIGHT: '8',
      PROXY_MAX_QUEUED: '16',
    });
    const { answers, counts } = await flood(gateway);
    expect(gateway.child.exitCode).toBeNull();
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    // At least the first 8 + 16 are served; the others are shed, each told when to come back.
    expect(counts['200']).toBeGreaterThanOrEqual(24);
    expect(counts['503']).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 503 && a.retryAfter !== '2')).toEqual([]);
    await stillServing(gateway);
  });
});
