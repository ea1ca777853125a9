import { randomUUID } from 'node:crypto';
import type { JobCounts, JobHandler, JobInfo, JobOptions, JobQueue, JobState, JobWorker } from '../ports';
import type { SqliteDb } from './sqlite';
import type { Logger } from '../observability/logging';
import { workerStoppedMessage } from '../ports';

interface JobRow {
  id: string;
  name: string;
  data: string;
  state: JobState;
  attempts_made: number;
  max_attempts: number;
  backoff_ms: number;
  run_at: number;
  result: string | null;
  error: string | null;
}

function toInfo(row: JobRow): JobInfo {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    attemptsMade: row.attempts_made,
    result: row.result === null ? undefined : JSON.parse(row.result),
    error: row.error ?? undefined,
  };
}

/** Jobs kept in the service's SQLite file and worked inside its process, with BullMQ-like retry semantics. */
export class SqliteJobQueue implements JobQueue {
  private readonly workers = new Set<{ close(): Promise<void> }>();

  constructor(
    private readonly db: SqliteDb,
    private readonly options: { pollMs?: number; logger?: Logger } = {},
  ) {
    db.exec(`CREATE TABLE IF NOT EXISTS jobs (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, data TEXT NOT NULL, state TEXT NOT NULL,
      attempts_made INTEGER NOT NULL DEFAULT 0, max_attempts INTEGER NOT NULL, backoff_ms INTEGER NOT NULL,
      run_at INTEGER NOT NULL, result TEXT, error TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
    db.exec('CREATE INDEX IF NOT EXISTS jobs_due ON jobs (name, state, run_at)');
    this.recoverInterruptedJobs();
  }

  /**
   * A job still active at start was running when the process died (crash, kill, out of memory). That try counts:
   * attempts_made was raised when the job was claimed. The job is tried again after its backoff, or fails for good
   * once its attempts are spent, so a job that kills its worker cannot crash-loop the service.
   */
  private recoverInterruptedJobs() {
    const active = this.db.prepare<[], JobRow>("SELECT * FROM jobs WHERE state = 'active'").all();
    const retry = this.db.prepare(
      "UPDATE jobs SET state = 'delayed', run_at = ?, error = ?, updated_at = datetime('now') WHERE id = ?",
    );
    const fail = this.db.prepare(
      "UPDATE jobs SET state = 'failed', error = ?, updated_at = datetime('now') WHERE id = ?",
    );
    this.db.transaction(() => {
      for (const row of active) {
        const message = workerStoppedMessage(row.attempts_made, row.max_attempts);
        if (row.attempts_made < row.max_attempts) {
          retry.run(Date.now() + row.backoff_ms * 2 ** (row.attempts_made - 1), message, row.id);
        } else {
          fail.run(message, row.id);
        }
        this.options.logger?.[row.attempts_made < row.max_attempts ? 'warn' : 'error'](
          { jobId: row.id, name: row.name, attempt: row.attempts_made, maxAttempts: row.max_attempts },
          row.attempts_made < row.max_attempts
            ? 'job interrupted by a stopped process; it is tried again'
            : 'job interrupted by a stopped process on its last attempt; failed for good',
        );
      }
    })();
  }

  async enqueue<Data>(name: string, data: Data, options: JobOptions = {}): Promise<string> {
    const id = options.jobId ?? randomUUID();
    const now = new Date().toISOString();
    // A scheduled job is delayed until run_at; the worker only claims jobs whose run_at has come.
    const enqueuedAt = Date.now();
    const runAt = Math.max(enqueuedAt, options.runAt?.getTime() ?? 0);
    this.db
      .prepare(
        `INSERT INTO jobs (id, name, data, state, max_attempts, backoff_ms, run_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
      )
      .run(
        id,
        name,
        JSON.stringify(data ?? null),
        runAt > enqueuedAt ? 'delayed' : 'waiting',
        options.attempts ?? 3,
        options.backoffMs ?? 500,
        runAt,
        now,
        now,
      );
    return id;
  }

  async worker<Data, Result>(
    name: string,
    handler: JobHandler<Data, Result>,
    options: { concurrency?: number } = {},
  ): Promise<JobWorker> {
    const claim = this.db.prepare<[string, number], JobRow>(
      `UPDATE jobs SET state = 'active', attempts_made = attempts_made + 1, updated_at = datetime('now')
       WHERE id = (SELECT id FROM jobs WHERE name = ? AND state IN ('waiting', 'delayed') AND run_at <= ?
                   ORDER BY run_at, created_at LIMIT 1)
       RETURNING *`,
    );
    const complete = this.db.prepare(
      "UPDATE jobs SET state = 'completed', result = ?, error = NULL, updated_at = datetime('now') WHERE id = ?",
    );
    const retry = this.db.prepare(
      "UPDATE jobs SET state = 'delayed', run_at = ?, error = ?, updated_at = datetime('now') WHERE id = ?",
    );
    const fail = this.db.prepare(
      "UPDATE jobs SET state = 'failed', error = ?, updated_at = datetime('now') WHERE id = ?",
    );
    const pollMs = this.options.pollMs ?? 50;
    let stopped = false;
    const running = new Set<Promise<void>>();
    let timer: NodeJS.Timeout | undefined;

    const runOne = async (row: JobRow) => {
      try {
        const result = await handler(JSON.parse(row.data) as Data, {
          jobId: row.id,
          attempt: row.attempts_made,
        });
        complete.run(JSON.stringify(result ?? null), row.id);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (row.attempts_made < row.max_attempts) {
          retry.run(Date.now() + row.backoff_ms * 2 ** (row.attempts_made - 1), message, row.id);
        } else {
          fail.run(message, row.id);
          this.options.logger?.error({ jobId: row.id, name, err }, 'job failed for good');
        }
      }
    };

    const tick = () => {
      if (stopped) return;
      while (running.size < (options.concurrency ?? 1)) {
        const row = claim.get(name, Date.now());
        if (!row) break;
        const p = runOne(row).finally(() => {
          running.delete(p);
          setImmediate(tick);
        });
        running.add(p);
      }
      clearTimeout(timer);
      timer = setTimeout(tick, pollMs);
    };
    tick();
    const worker = {
      close: async () => {
        stopped = true;
        clearTimeout(timer);
        await Promise.allSettled([...running]);
        this.workers.delete(worker);
      },
    };
    this.workers.add(worker);
    return worker;
  }

  async get<Result = unknown>(jobId: string): Promise<JobInfo<Result> | null> {
    const row = this.db.prepare<[string], JobRow>('SELECT * FROM jobs WHERE id = ?').get(jobId);
    return row ? (toInfo(row) as JobInfo<Result>) : null;
  }

  async waitFor<Result = unknown>(jobId: string, timeoutMs: number): Promise<JobInfo<Result>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const info = await this.get<Result>(jobId);
      if (!info) throw new Error(`No job ${jobId}`);
      if (info.state === 'completed' || info.state === 'failed' || Date.now() >= deadline) return info;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async counts(name: string): Promise<JobCounts> {
    const rows = this.db
      .prepare<[string], { state: JobState; n: number }>(
        "SELECT state, COUNT(*) AS n FROM jobs WHERE name = ? AND state != 'completed' GROUP BY state",
      )
      .all(name);
    const counts: JobCounts = { waiting: 0, active: 0, delayed: 0, failed: 0 };
    for (const { state, n } of rows) if (state !== 'completed') counts[state] = n;
    return counts;
  }

  async ready(): Promise<boolean> {
    return this.db.open;
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.close()));
  }
}
