export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'delayed';

export interface JobOptions {
  /** Total tries, the first included. Default 3. */
  attempts?: number;
  /** Delay before the first retry; doubles each time. Default 500 ms. */
  backoffMs?: number;
  /**
   * An id of the caller's choosing (no ':'): enqueueing an id the queue still holds (waiting, delayed, active or
   * kept after it finished) adds nothing. A job that must run again for a new reason needs a new id.
   */
  jobId?: string;
  /** When the first try may run (a scheduled job): until then the job is `delayed`. Absent or past: at once. */
  runAt?: Date;
}

export interface JobInfo<Result = unknown> {
  id: string;
  name: string;
  state: JobState;
  attemptsMade: number;
  result?: Result;
  error?: string;
}

export interface JobContext {
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
}

export type JobHandler<Data = unknown, Result = unknown> = (data: Data, ctx: JobContext) => Promise<Result>;

/** How many jobs of one queue are in each unfinished state, and how many failed for good (still kept). */
export interface JobCounts {
  /** Ready to run now. */
  waiting: number;
  active: number;
  /** Waiting for their time: a retry's backoff, or a scheduled run (`runAt`) still to come. */
  delayed: number;
  failed: number;
}

export interface JobWorker {
  close(): Promise<void>;
}

export interface JobQueue {
  enqueue<Data>(name: string, data: Data, options?: JobOptions): Promise<string>;
  worker<Data, Result>(
    name: string,
    handler: JobHandler<Data, Result>,
    options?: { concurrency?: number },
  ): Promise<JobWorker>;
  get<Result = unknown>(jobId: string): Promise<JobInfo<Result> | null>;
  /** Resolves when the job completed or failed for good, or with its current state once timeoutMs has passed. */
  waitFor<Result = unknown>(jobId: string, timeoutMs: number): Promise<JobInfo<Result>>;
  /** The jobs of queue `name` by state, read from the queue's storage (every process's jobs, not this one's). */
  counts(name: string): Promise<JobCounts>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The error of a try whose worker process died while running it (crash, kill, out of memory). Every adapter counts
 * such a try as an attempt and gives this reason, so the caller can tell it from an error its handler threw.
 */
export const workerStoppedMessage = (attempt: number, maxAttempts: number) =>
  `the worker stopped while running the job (attempt ${attempt} of ${maxAttempts})`;
