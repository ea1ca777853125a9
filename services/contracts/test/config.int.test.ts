import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractsEnv, documentLimits, workerEnv } from '../src/config';

const root = join(__dirname, '..', '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

/** Starts an entry point of this service as its own process with the given variables; returns how it ended. */
function run(entry: string, vars: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), '12yards-config-'));
  try {
    const { PATH, HOME } = process.env;
    const result = spawnSync(tsx, [join(__dirname, '..', 'src', entry)], {
      cwd: root,
      env: { PATH, HOME, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', ...vars },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: result.status, stderr: result.stderr, stdout: result.stdout };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('contracts configuration', () => {
  it('When the variables are unset or empty, then the defaults apply; valid values are taken', () => {
    const limits = {
      CONTRACT_TEMPLATE_MAX_UNZIPPED_MB: 20,
      CONTRACT_TEMPLATE_MAX_FILES: 1000,
      CONTRACT_RENDER_MEMORY_MB: 256,
      CONTRACT_RENDER_TIMEOUT_MS: 30_000,
    };
    const defaults = {
      DOCUMENT_WORKER: 'auto',
      CONTRACT_EXPIRY_SWEEP_MS: 3_600_000,
      PARTNERS_URL: 'http://127.0.0.1:8103',
      ...limits,
    };
    expect(contractsEnv.parse({})).toEqual(defaults);
    expect(contractsEnv.parse({ DOCUMENT_WORKER: '', CONTRACT_EXPIRY_SWEEP_MS: ' ' })).toEqual(defaults);
    expect(
      contractsEnv.parse({
        DOCUMENT_WORKER: 'external',
        CONTRACT_EXPIRY_SWEEP_MS: '60000',
        PARTNERS_URL: 'http://partners:8103',
      }),
    ).toEqual({
      DOCUMENT_WORKER: 'external',
      CONTRACT_EXPIRY_SWEEP_MS: 60_000,
      PARTNERS_URL: 'http://partners:8103',
      ...limits,
    });
    expect(workerEnv.parse({})).toEqual({
      DOCUMENT_WORKER_CONCURRENCY: 2,
      WORKER_HEALTH_PORT: 8106,
      ...limits,
    });
    expect(
      workerEnv.parse({
        DOCUMENT_WORKER_CONCURRENCY: '4',
        CONTRACT_RENDER_MEMORY_MB: '512',
        WORKER_HEALTH_PORT: '9106',
      }),
    ).toEqual({
      DOCUMENT_WORKER_CONCURRENCY: 4,
      WORKER_HEALTH_PORT: 9106,
      ...limits,
      CONTRACT_RENDER_MEMORY_MB: 512,
    });
    expect(
      documentLimits(
        contractsEnv.parse({ CONTRACT_TEMPLATE_MAX_UNZIPPED_MB: '5', CONTRACT_RENDER_TIMEOUT_MS: '2000' }),
      ),
    ).toEqual({
      zip: { maxExpandedBytes: 5 * 1024 * 1024, maxEntries: 1000 },
      render: { memoryMb: 256, timeoutMs: 2000 },
    });
  });

  it.each([
    [{ DOCUMENT_WORKER: 'sideways' }, ['DOCUMENT_WORKER']],
    [{ CONTRACT_EXPIRY_SWEEP_MS: 'hourly' }, ['CONTRACT_EXPIRY_SWEEP_MS']],
    [{ CONTRACT_EXPIRY_SWEEP_MS: '10' }, ['CONTRACT_EXPIRY_SWEEP_MS']],
    [{ CONTRACT_TEMPLATE_MAX_UNZIPPED_MB: '0' }, ['CONTRACT_TEMPLATE_MAX_UNZIPPED_MB']],
    [{ CONTRACT_TEMPLATE_MAX_FILES: 'many' }, ['CONTRACT_TEMPLATE_MAX_FILES']],
    [{ CONTRACT_RENDER_MEMORY_MB: '8' }, ['CONTRACT_RENDER_MEMORY_MB']],
    [{ CONTRACT_RENDER_TIMEOUT_MS: '1.5' }, ['CONTRACT_RENDER_TIMEOUT_MS']],
    [{ PARTNERS_URL: 'partners:8103' }, ['PARTNERS_URL']],
    [{ PARTNERS_URL: 'ftp://partners' }, ['PARTNERS_URL']],
  ])('When the service gets %p, then the issue names %p', (vars, paths) => {
    const result = contractsEnv.safeParse(vars);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(paths);
  });

  it.each(['lots', '0', '1.5'])('When DOCUMENT_WORKER_CONCURRENCY is %p, then the issue names it', (v) => {
    const result = workerEnv.safeParse({ DOCUMENT_WORKER_CONCURRENCY: v });
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['DOCUMENT_WORKER_CONCURRENCY']);
  });

  it('When the service starts with a bad DOCUMENT_WORKER, then it stops with exit code 1 and one line naming it', () => {
    const result = run('main.ts', {
      DOCUMENT_WORKER: 'sideways',
      INTERNAL_SECRET: 'test-internal-secret-0123456789abcdef',
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: DOCUMENT_WORKER: /);
    expect(result.stderr).not.toMatch(/ZodError|\n\s+at /);
  });

  it('When the worker starts with a bad DOCUMENT_WORKER_CONCURRENCY, then it stops with exit code 1 and one line naming it', () => {
    const result = run('worker.ts', { DOCUMENT_WORKER_CONCURRENCY: 'lots' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: DOCUMENT_WORKER_CONCURRENCY: /);
  });
});
