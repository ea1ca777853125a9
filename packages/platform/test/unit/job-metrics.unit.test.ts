// Each try of a job is timed by queue and outcome; each failed try counts in job_failures_total.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../../src/embedded/sqlite';
import { SqliteJobQueue } from '../../src/embedded/sqlite-job-queue';
import { instrumentJobs } from '../../src/observability/job-metrics';
import { Metrics } from '../../src/observability/metrics';
import { histogramSeries, sampleValue } from '../support/prometheus';

it('When a job fails once and then succeeds, then /metrics shows one failure and both tries timed', async () => {
  const dir = mkdtempSync(join(tmpdir(), '12yards-job-metrics-'));
  const db = openSqlite(join(dir, 'service.sqlite'));
  const metrics = new Metrics({ defaultMetrics: false });
  const jobs = instrumentJobs(new SqliteJobQueue(db, { pollMs: 10 }), metrics);
  try {
    let tries = 0;
    const worker = await jobs.worker<{ n: number }, number>('render', async (data) => {
      if (++tries === 1) throw new Error('template unreadable');
      return data.n * 2;
    });
    const id = await jobs.enqueue('render', { n: 21 }, { attempts: 3, backoffMs: 10 });
    const info = await jobs.waitFor<number>(id, 5_000);
    await worker.close();
    expect(info).toMatchObject({ state: 'completed', result: 42 });

    const text = (await metrics.expose()).body;
    expect(sampleValue(text, 'job_failures_total', { queue: 'render' })).toBe(1);
    const series = (outcome: string) =>
      histogramSeries(text, 'job_duration_seconds', { queue: 'render', outcome })?.count;
    expect(series('failed')).toBe(1);
    expect(series('completed')).toBe(1);
  } finally {
    await jobs.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
