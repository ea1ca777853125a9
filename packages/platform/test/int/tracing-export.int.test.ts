// Issue 18: a process started with OTEL_EXPORTER_OTLP_ENDPOINT sends its spans there as OTLP over HTTP (protobuf),
// including the spans still batched when it is stopped with SIGTERM.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_SECRET } from '../../src';

const root = resolve(__dirname, '..', '..', '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

describe('OTLP export from a service process', () => {
  jest.setTimeout(90_000);
  const posts: { url?: string; type?: string; body: Buffer }[] = [];
  let receiver: Server;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), '12yards-otlp-'));
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        posts.push({ url: req.url, type: req.headers['content-type'], body: Buffer.concat(chunks) });
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await new Promise((r) => receiver.close(r));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('When a traced service answers a request and is stopped at once, then the request span reaches the collector before it exits', async () => {
    const port = 21_000 + Math.floor(Math.random() * 8_000);
    const { PATH, HOME } = process.env;
    const child = spawn(tsx, [join(root, 'services/status/src/main.ts')], {
      cwd: root,
      env: {
        PATH,
        HOME,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        INTERNAL_SECRET: TEST_SECRET,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as { port: number }).port}`,
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let answered = false;
    for (let i = 0; i < 300 && !answered; i++) {
      answered = await fetch(`http://127.0.0.1:${port}/api/service-status`).then(
        (r) => r.ok,
        () => false,
      );
      if (!answered) await new Promise((r) => setTimeout(r, 200));
    }
    expect(answered).toBe(true);
    // The batch waits 5 s before it is sent: stopping now leaves the span to the flush at shutdown.
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => p.url === '/v1/traces' && p.type === 'application/x-protobuf')).toBe(true);
    const sent = Buffer.concat(posts.map((p) => p.body)).toString('latin1');
    expect(sent).toContain('/api/service-status'); // the request's url.path attribute
    expect(sent).toContain('status'); // service.name
  });
});
