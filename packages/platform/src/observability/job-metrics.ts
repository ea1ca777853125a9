import type { Metrics } from './metrics';
import type { JobCounts, JobHandler, JobOptions, JobQueue } from '../ports';

const EMPTY: JobCounts = { waiting: 0, active: 0, delayed: 0, failed: 0 };

/**
 * The job queue with each try of each job timed: job_duration_seconds{queue, outcome} (completed or failed) and
 * job_failures_total{queue}, one per failed try (a job retried twice and then done counts 2 failures). Tries run by
 * a worker in another process are measured there.
 *
 * job_queue_depth{queue, state} (waiting, active, delayed, failed) is read from the queue's storage at each scrape,
 * for every queue this process enqueued to or works (from its first enqueue or worker on).
 */
export function instrumentJobs(queue: JobQueue, metrics: Metrics): JobQueue {
  const names = new Set<string>();
  metrics.gauge({
    name: 'job_queue_depth',
    help: 'Jobs of a queue by state (waiting, active, delayed, failed), as its storage holds them at the scrape',
    labelNames: ['queue', 'state'],
    async collect() {
      await Promise.all(
        [...names].map(async (name) => {
          // An unreachable queue leaves its series out of this scrape; the other metrics are still served.
          const counts = await queue.counts(name).catch(() => null);
          if (!counts) {
            for (const state of Object.keys(EMPTY)) this.remove({ queue: name, state });
            return;
          }
          for (const [state, n] of Object.entries(counts)) this.set({ queue: name, state }, n);
        }),
      );
    },
  });
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
      if (prop === 'enqueue') {
        return <Data>(name: string, data: Data, options?: JobOptions) => {
          names.add(name);
          return target.enqueue(name, data, options);
        };
      }
      if (prop !== 'worker') {
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      }
      function worker<Data, Result>(
        name: string,
        handler: JobHandler<Data, Result>,
        options?: { concurrency?: number },
      ) {
        names.add(name);
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
