// Issue 18: a process started with OTEL_EXPORTER_OTLP_ENDPOINT sends its spans there as OTLP over HTTP (protobuf),
// including the spans still batched when it is stopped with SIGTERM.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_SECRET } from '../../src/testing';

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

  /**
   * Starts the status service traced to the receiver, asks `path` of it until it answers, stops it with SIGTERM at
   * once and answers what was posted to the receiver, as text (latin1 keeps every byte).
   */
  async function tracedRun(path: string): Promise<string> {
    posts.length = 0;
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
      answered = await fetch(`http://127.0.0.1:${port}${path}`).then(
        (r) => r.status < 500,
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
    return Buffer.concat(posts.map((p) => p.body)).toString('latin1');
  }

  it('When a traced service answers a request and is stopped at once, then the request span reaches the collector before it exits', async () => {
    const sent = await tracedRun('/api/service-status');
    expect(sent).toContain('/api/service-status'); // the request's url.path attribute
    expect(sent).toContain('status'); // service.name
  });

  it("When a request's query names an email or a token, then the span's URL attributes carry them redacted (issue 26)", async () => {
    const sent = await tracedRun(
      '/api/service-status?email=tracy.quill%40example.com&token=t0ps3cret&page=2',
    );
    expect(sent).toContain('/api/service-status');
    expect(sent).toContain('email=[Redacted]');
    expect(sent).toContain('page=2');
    for (const plain of ['tracy.quill', 't0ps3cret']) expect(sent).not.toContain(plain);
  });
});
