import type { Metrics } from './metrics';
import type { JobHandler, JobQueue } from './ports';

/**
 * The job queue with each try of each job timed: job_duration_seconds{queue, outcome} (completed or failed) and
 * job_failures_total{queue}, one per failed try (a job retried twice and then done counts 2 failures). Tries run by
 * a worker in another process are measured there.
 */
export function instrumentJobs(queue: JobQueue, metrics: Metrics): JobQueue {
  const duration = metrics.histogram({
    name: 'job_duration_seconds',
    help: 'Time one try of a job took in this process, by queue and outcome',
    labelNames: ['queue', 'outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  });
  const failures = metrics.counter({
    name: 'job_failures_total',
    help: 'Tries of a job that failed in this process (each retry counts), by queue',
    labelNames: ['queue'],
  });
  return new Proxy(queue, {
    get(target, prop, receiver) {
      if (prop !== 'worker') {
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      }
      function worker<Data, Result>(
        name: string,
        handler: JobHandler<Data, Result>,
        options?: { concurrency?: number },
      ) {
        return target.worker<Data, Result>(
          name,
          async (data, ctx) => {
            const end = duration.startTimer({ queue: name });
            try {
              const result = await handler(data, ctx);
              end({ outcome: 'completed' });
              return result;
            } catch (err) {
              end({ outcome: 'failed' });
              failures.inc({ queue: name });
              throw err;
            }
          },
          options,
        );
      }
      return worker;
    },
  });
}
