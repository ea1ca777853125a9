import { randomUUID } from 'node:crypto';
import { Job, Queue, UnrecoverableError, Worker, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import {
  DependencyUnavailableError,
  workerStoppedMessage,
  type JobCounts,
  type JobHandler,
  type JobInfo,
  type JobOptions,
  type JobQueue,
  type JobState,
  type JobWorker,
} from '../../ports';
import type { Logger } from '../../observability/logging';

export interface BullmqJobQueueOptions {
  url: string;
  /** Namespaces every key (BullMQ's prefix). Default '12yards'. */
  prefix?: string;
  logger?: Logger;
  /** How long finished jobs stay readable with get()/waitFor(). Default 7 days completed, 30 days failed. */
  keepCompletedSeconds?: number;
  keepFailedSeconds?: number;
  /** Poll interval of waitFor(). Default 25 ms. */
  pollMs?: number;
  /**
   * How long a worker's hold on a job lasts without renewal, and how often workers look for jobs whose holder died
   * (BullMQ's lockDuration and stalledInterval). Default 30 s each; a dead worker's job is taken again within both.
   */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

/**
 * Tries a job has had: finished ones (attemptsMade) plus those whose worker died while running them, which BullMQ
 * moves back to wait as stalled without counting them (stalledCounter).
 */
const triesBefore = (job: Job) => job.attemptsMade + job.stalledCounter;

const STATE: Record<string, JobState> = {
  waiting: 'waiting',
  prioritized: 'waiting',
  'waiting-children': 'waiting',
  active: 'active',
  delayed: 'delayed',
  completed: 'completed',
  failed: 'failed',
};

/**
 * Job queue on BullMQ: one BullMQ queue per job name, so a worker only takes its own jobs. Retries use BullMQ's
 * attempts with exponential backoff. A small key per job remembers its name, so get(id) finds its queue.
 */
export class BullmqJobQueue implements JobQueue {
  private readonly redis: Redis;
  private workerRedis?: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Set<Worker>();
  private readonly prefix: string;

  constructor(private readonly options: BullmqJobQueueOptions) {
    this.prefix = options.prefix ?? '12yards';
    this.redis = new Redis(options.url, { maxRetriesPerRequest: 3, lazyConnect: false });
    this.redis.on('error', (err) => options.logger?.warn({ err }, 'redis connection error'));
  }

  /**
   * Waits up to a second for the connection, then refuses with DependencyUnavailableError (a 503 naming the job
   * queue): with Redis down, every command would otherwise wait out ioredis's retries, many seconds each.
   */
  private async reachable(): Promise<void> {
    if (this.redis.status === 'ready') return;
    const ready = await new Promise<boolean>((resolve) => {
      const onReady = () => (clearTimeout(timer), resolve(true));
      const timer = setTimeout(() => (this.redis.off('ready', onReady), resolve(false)), 1000);
      timer.unref();
      this.redis.once('ready', onReady);
    });
    if (!ready) throw new DependencyUnavailableError('job queue');
  }

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.redis, prefix: this.prefix });
      q.on('error', (err) => this.options.logger?.warn({ err, queue: name }, 'bullmq queue error'));
      this.queues.set(name, q);
    }
    return q;
  }

  private nameKey(jobId: string) {
    return `${this.prefix}:job-name:${jobId}`;
  }

  async enqueue<Data>(name: string, data: Data, options: JobOptions = {}): Promise<string> {
    await this.reachable();
    const jobId = options.jobId ?? randomUUID();
    const keepCompleted = this.options.keepCompletedSeconds ?? 7 * 86_400;
    const keepFailed = this.options.keepFailedSeconds ?? 30 * 86_400;
    await this.redis.set(this.nameKey(jobId), name, 'EX', Math.max(keepCompleted, keepFailed) + 86_400);
    const opts: JobsOptions = {
      jobId,
      attempts: options.attempts ?? 3,
      backoff: { type: 'exponential', delay: options.backoffMs ?? 500 },
      removeOnComplete: { age: keepCompleted },
      removeOnFail: { age: keepFailed },
      ...(options.runAt && { delay: Math.max(0, options.runAt.getTime() - Date.now()) }),
    };
    // An existing job id is left as it is (BullMQ ignores the add), as the embedded queue does.
    await this.queue(name).add(name, data ?? null, opts);
    return jobId;
  }

  async worker<Data, Result>(
    name: string,
    handler: JobHandler<Data, Result>,
    options: { concurrency?: number } = {},
  ): Promise<JobWorker> {
    // Workers block on Redis, so they need a connection that never gives up on a command.
    this.workerRedis ??= new Redis(this.options.url, { maxRetriesPerRequest: null });
    const worker = new Worker<Data, Result>(
      name,
      async (job) => {
        // A try whose worker died counts as an attempt, as with the embedded queue: once the tries are spent the
        // job fails for good with that reason instead of running (and maybe killing a worker) again.
        const max = job.opts.attempts ?? 1;
        const tried = triesBefore(job);
        if (tried >= max) throw new UnrecoverableError(workerStoppedMessage(tried, max));
        try {
          return await handler(job.data, { jobId: job.id!, attempt: tried + 1 });
        } catch (err) {
          // BullMQ retries by attemptsMade alone; crashed tries count too, so the last try is not retried.
          if (tried + 1 >= max && !(err instanceof UnrecoverableError))
            throw new UnrecoverableError(err instanceof Error ? err.message : String(err));
          throw err;
        }
      },
      {
        connection: this.workerRedis,
        prefix: this.prefix,
        concurrency: options.concurrency ?? 1,
        // Our attempt count above decides when a job that keeps killing its worker fails, not BullMQ's stall limit.
        maxStalledCount: 1_000_000,
        lockDuration: this.options.lockDurationMs ?? 30_000,
        stalledInterval: this.options.stalledIntervalMs ?? 30_000,
      },
    );
    worker.on('error', (err) => this.options.logger?.warn({ err, queue: name }, 'bullmq worker error'));
    worker.on('failed', (job, err) => {
      if (job && triesBefore(job) >= (job.opts.attempts ?? 1)) {
        this.options.logger?.error({ jobId: job.id, name, err }, 'job failed for good');
      }
    });
    await worker.waitUntilReady();
    this.workers.add(worker);
    return {
      close: async () => {
        this.workers.delete(worker);
        await worker.close();
      },
    };
  }

  async get<Result = unknown>(jobId: string): Promise<JobInfo<Result> | null> {
    await this.reachable();
    const name = await this.redis.get(this.nameKey(jobId));
    if (!name) return null;
    const queue = this.queue(name);
    // State first, then the job's fields: those are then at least as new as the state (a job completing in
    // between would otherwise read as completed without its result).
    const state = STATE[await queue.getJobState(jobId)];
    if (!state) return null;
    const job = (await Job.fromId(queue, jobId)) as Job | undefined;
    if (!job) return null;
    // Counted as the embedded queue does: an active job's current try included; a job failed because its worker
    // died on its last try was failed at the next pick-up, which is no try of its own.
    const tries = triesBefore(job);
    const max = job.opts.attempts ?? 1;
    const attemptsMade =
      state === 'active'
        ? tries + 1
        : state === 'failed' && job.failedReason === workerStoppedMessage(tries - 1, max)
          ? tries - 1
          : tries;
    return {
      id: jobId,
      name,
      state,
      attemptsMade,
      result: state === 'completed' ? (job.returnvalue as Result) : undefined,
      error: job.failedReason || undefined,
    };
  }

  async waitFor<Result = unknown>(jobId: string, timeoutMs: number): Promise<JobInfo<Result>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const info = await this.get<Result>(jobId);
      if (!info) throw new Error(`No job ${jobId}`);
      if (info.state === 'completed' || info.state === 'failed' || Date.now() >= deadline) return info;
      await new Promise((r) => setTimeout(r, this.options.pollMs ?? 25));
    }
  }

  async counts(name: string): Promise<JobCounts> {
    await this.reachable();
    const c = await this.queue(name).getJobCounts(
      'waiting',
      'prioritized',
      'waiting-children',
      'active',
      'delayed',
      'failed',
    );
    // Grouped as get() reports a job's state.
    return {
      waiting: (c.waiting ?? 0) + (c.prioritized ?? 0) + (c['waiting-children'] ?? 0),
      active: c.active ?? 0,
      delayed: c.delayed ?? 0,
      failed: c.failed ?? 0,
    };
  }

  async ready(): Promise<boolean> {
    try {
      const pong = await Promise.race([
        this.redis.ping(),
        new Promise<string>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      return pong === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.close()));
    this.workers.clear();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    await Promise.all([
      this.redis.quit().catch(() => undefined),
      this.workerRedis?.quit().catch(() => undefined),
    ]);
  }
}
