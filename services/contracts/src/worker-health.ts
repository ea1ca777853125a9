import type { Server } from 'node:http';
import {
  createHttpApp,
  finishHttpApp,
  instrumentJobs,
  Metrics,
  type Infrastructure,
  type JobQueue,
  type Logger,
} from '@12yards/platform';

/**
 * The worker's own registry: process metrics and, as its queue is now instrumented, the job durations and failures
 * of the tries it runs (job_duration_seconds, job_failures_total) and the queue depth (job_queue_depth). Call it
 * before starting the worker, so the worker takes jobs through the instrumented queue.
 */
export function instrumentWorker(infra: { jobs: JobQueue }): Metrics {
  const metrics = new Metrics();
  infra.jobs = instrumentJobs(infra.jobs, metrics);
  return metrics;
}

/**
 * What the document worker depends on: the job queue it takes jobs from, the read models, the object store, and the
 * event store it appends ContractDocumentGenerated to.
 */
export function workerReadiness(
  infra: Pick<Infrastructure, 'readiness'>,
): Record<string, () => Promise<boolean>> {
  const checks: Record<string, () => Promise<boolean>> = {};
  for (const name of ['jobs', 'readModels', 'objects', 'eventStore']) {
    const check = infra.readiness[name];
    if (check) checks[name] = check;
  }
  return checks;
}

/**
 * The worker's operations endpoints only: /healthz (the process answers), /readyz (its dependencies answer) and
 * /metrics (from `metrics`, see instrumentWorker).
 */
export function workerHealthApp(
  readiness: Record<string, () => Promise<boolean>>,
  logger: Logger,
  metrics?: Metrics,
) {
  return finishHttpApp(createHttpApp({ logger, jsonLimit: false, readiness, metrics }), logger);
}

export function serveWorkerHealth(
  options: {
    port: number;
    host: string;
    readiness: Record<string, () => Promise<boolean>>;
    metrics?: Metrics;
  },
  logger: Logger,
): Promise<Server> {
  const server = workerHealthApp(options.readiness, logger, options.metrics).listen(
    options.port,
    options.host,
  );
  return new Promise((resolve, reject) => {
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}
