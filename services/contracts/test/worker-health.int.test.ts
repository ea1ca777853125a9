import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createLogger, openSqlite, SqliteJobQueue, type JobQueue } from '@12yards/platform';
import { families, histogramSeries, sampleValue } from '../../../packages/platform/test/support/prometheus';
import { instrumentWorker, workerHealthApp, workerReadiness } from '../src/worker-health';

const logger = createLogger('contracts-worker-test', 'silent');
const up = async () => true;
const down = async () => false;
const infra = (jobs: () => Promise<boolean>, eventStore = up) => ({
  readiness: { jobs, readModels: up, objects: up, eventStore, bus: down },
});

describe('The contract document worker probes', () => {
  it('When its job queue, read models, object store and event store answer, then /readyz is 200 and names only those', async () => {
    const res = await request(workerHealthApp(workerReadiness(infra(up)), logger)).get('/readyz');
    expect(res.status).toBe(200);
    // The worker does not consume the bus, so its state does not make it unready.
    expect(res.body).toEqual({
      status: 'ready',
      checks: { jobs: true, readModels: true, objects: true, eventStore: true },
    });
  });

  it('When the event store (where a generated document is recorded) does not answer, then /readyz is 503 naming it', async () => {
    const res = await request(workerHealthApp(workerReadiness(infra(up, down)), logger)).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.checks).toMatchObject({ eventStore: false });
  });

  it('When Redis (its job queue) does not answer, then /readyz is 503 naming it, and /healthz stays 200', async () => {
    const app = workerHealthApp(workerReadiness(infra(down)), logger);
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toMatchObject({ jobs: false });
    expect((await request(app).get('/healthz')).status).toBe(200);
  });

  it('When anything else is asked, then it answers 404: the worker serves nothing but its probes and metrics', async () => {
    const res = await request(workerHealthApp(workerReadiness(infra(up)), logger)).get('/api/contracts');
    expect(res.status).toBe(404);
  });

  it('When jobs wait and then run, then /metrics parses and shows the queue depth, the tries timed and the failures', async () => {
    const dir = mkdtempSync(join(tmpdir(), '12yards-worker-metrics-'));
    const db = openSqlite(join(dir, 'contracts.sqlite'));
    const queue: { jobs: JobQueue } = { jobs: new SqliteJobQueue(db, { pollMs: 10 }) };
    const app = workerHealthApp(workerReadiness(infra(up)), logger, instrumentWorker(queue));
    const scrape = async () => {
      const res = await request(app).get('/metrics');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      return res.text;
    };
    try {
      const ids: string[] = [];
      for (const n of [1, 2, -1]) ids.push(await queue.jobs.enqueue('render', { n }, { attempts: 1 }));
      const waiting = await scrape();
      expect(sampleValue(waiting, 'job_queue_depth', { queue: 'render', state: 'waiting' })).toBe(3);

      const worker = await queue.jobs.worker<{ n: number }, number>('render', async ({ n }) => {
        if (n < 0) throw new Error('template unreadable');
        return n;
      });
      for (const id of ids) await queue.jobs.waitFor(id, 5_000);
      await worker.close();
      const text = await scrape();
      const parsed = families(text);
      expect(parsed.has('process_cpu_user_seconds_total')).toBe(true);
      expect(sampleValue(text, 'job_queue_depth', { queue: 'render', state: 'waiting' })).toBe(0);
      expect(sampleValue(text, 'job_queue_depth', { queue: 'render', state: 'failed' })).toBe(1);
      expect(
        histogramSeries(text, 'job_duration_seconds', { queue: 'render', outcome: 'completed' })?.count,
      ).toBe(2);
      expect(
        histogramSeries(text, 'job_duration_seconds', { queue: 'render', outcome: 'failed' })?.count,
      ).toBe(1);
      expect(sampleValue(text, 'job_failures_total', { queue: 'render' })).toBe(1);
    } finally {
      await queue.jobs.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
