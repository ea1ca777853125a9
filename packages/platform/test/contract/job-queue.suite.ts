import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { JobQueue } from '../../src/ports';

export interface JobQueueHarness {
  queue: JobQueue;
  /** What job-queue-crash-worker.ts needs after the job name to open this queue in another process. */
  crashWorkerArgs: string[];
  /** The queue as a restarted process opens it: a new instance on the same storage (closed by cleanup). */
  reopen(): Promise<JobQueue>;
  cleanup(): Promise<void>;
}

/** Runs a worker process that takes a job of `name` and dies (SIGKILL) while running it; resolves on its death. */
async function crashingWorker(h: JobQueueHarness, name: string): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(__dirname, 'job-queue-crash-worker.ts'), name, ...h.crashWorkerArgs],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const timer = setTimeout(() => child.kill('SIGTERM'), 20_000);
  const signal = await new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_code, sig) => r(sig)));
  clearTimeout(timer);
  expect({ signal, out }).toMatchObject({ signal: 'SIGKILL', out: expect.stringMatching(/^attempt \d+\n$/) });
  return out.trim();
}

let n = 0;

export function jobQueueContract(adapter: string, make: () => Promise<JobQueueHarness>) {
  describe(`JobQueue contract [${adapter}]`, () => {
    jest.setTimeout(30_000);
    let h: JobQueueHarness;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.cleanup();
    });

    it('When a job is enqueued and a worker runs, then waitFor gives the completed job and its result', async () => {
      const name = `double-${++n}`;
      await h.queue.worker<{ x: number }, { y: number }>(name, async ({ x }) => ({ y: x * 2 }));
      const id = await h.queue.enqueue(name, { x: 21 });
      const done = await h.queue.waitFor<{ y: number }>(id, 10_000);
      expect(done).toMatchObject({ id, name, state: 'completed', attemptsMade: 1, result: { y: 42 } });
      expect(await h.queue.get(id)).toMatchObject({ state: 'completed' });
    });

    it('When a job fails once, then it is retried and succeeds on the second attempt', async () => {
      const name = `flaky-${++n}`;
      const attempts: number[] = [];
      await h.queue.worker(name, async (_data, ctx) => {
        attempts.push(ctx.attempt);
        if (ctx.attempt === 1) throw new Error('transient failure');
        return 'ok';
      });
      const id = await h.queue.enqueue(name, {}, { attempts: 3, backoffMs: 50 });
      const done = await h.queue.waitFor(id, 10_000);
      expect(done).toMatchObject({ state: 'completed', attemptsMade: 2, result: 'ok' });
      expect(attempts).toEqual([1, 2]);
    });

    it('When a job fails every attempt, then it ends failed with the last error', async () => {
      const name = `broken-${++n}`;
      await h.queue.worker(name, async () => {
        throw new Error('always broken');
      });
      const id = await h.queue.enqueue(name, {}, { attempts: 2, backoffMs: 20 });
      const done = await h.queue.waitFor(id, 10_000);
      expect(done).toMatchObject({ state: 'failed', attemptsMade: 2, error: 'always broken' });
    });

    it('When the worker process dies while running a job, then that try counts as an attempt and the job is tried again', async () => {
      const name = `crash-once-${++n}`;
      const id = await h.queue.enqueue(name, { x: 1 }, { attempts: 3, backoffMs: 20 });
      expect(await crashingWorker(h, name)).toBe('attempt 1');
      const queue = await h.reopen();
      const attempts: number[] = [];
      await queue.worker(name, async (_data, ctx) => {
        attempts.push(ctx.attempt);
        return 'ok';
      });
      const done = await queue.waitFor(id, 20_000);
      expect(done).toMatchObject({ state: 'completed', attemptsMade: 2, result: 'ok' });
      expect(attempts).toEqual([2]);
    });

    it('When the worker process dies on every attempt, then the job fails for good with the reason, not retried forever', async () => {
      const name = `crash-always-${++n}`;
      const id = await h.queue.enqueue(name, {}, { attempts: 2, backoffMs: 20 });
      expect(await crashingWorker(h, name)).toBe('attempt 1');
      expect(await crashingWorker(h, name)).toBe('attempt 2');
      const queue = await h.reopen();
      const ran: number[] = [];
      await queue.worker(name, async (_data, ctx) => {
        ran.push(ctx.attempt);
        return 'ok';
      });
      const done = await queue.waitFor(id, 20_000);
      expect(done).toMatchObject({
        state: 'failed',
        attemptsMade: 2,
        error: 'the worker stopped while running the job (attempt 2 of 2)',
      });
      expect(ran).toEqual([]);
    });

    it('When jobs are enqueued while no worker runs, then counts shows them waiting, and none once they are done', async () => {
      const name = `depth-${++n}`;
      const ids = await Promise.all([1, 2, 3].map((x) => h.queue.enqueue(name, { x })));
      await h.queue.enqueue(`other-${n}`, {});
      expect(await h.queue.counts(name)).toEqual({ waiting: 3, active: 0, delayed: 0, failed: 0 });
      await h.queue.worker(name, async () => 'done');
      for (const id of ids) expect(await h.queue.waitFor(id, 10_000)).toMatchObject({ state: 'completed' });
      expect(await h.queue.counts(name)).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
    });

    it('When a job is scheduled for a time to come, then it waits delayed (counted so) and runs only at that time', async () => {
      const name = `scheduled-${++n}`;
      const ranAt: number[] = [];
      await h.queue.worker(name, async () => {
        ranAt.push(Date.now());
        return 'live';
      });
      const runAt = new Date(Date.now() + 1_500);
      const id = await h.queue.enqueue(name, {}, { runAt, jobId: `${name}-at-${runAt.getTime()}` });
      await new Promise((r) => setTimeout(r, 500));
      expect(await h.queue.get(id)).toMatchObject({ state: 'delayed', attemptsMade: 0 });
      expect(await h.queue.counts(name)).toEqual({ waiting: 0, active: 0, delayed: 1, failed: 0 });
      expect(ranAt).toEqual([]);
      expect(await h.queue.waitFor(id, 10_000)).toMatchObject({ state: 'completed', result: 'live' });
      expect(ranAt).toHaveLength(1);
      expect(ranAt[0]).toBeGreaterThanOrEqual(runAt.getTime() - 50); // timers may fire a little early
      expect(await h.queue.counts(name)).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
    });

    it('When a scheduled job is moved to another time, then the job of the new id runs then and the old id is not added twice', async () => {
      const name = `rescheduled-${++n}`;
      const ran: string[] = [];
      const later = new Date(Date.now() + 60_000);
      const oldId = await h.queue.enqueue(name, { at: 'later' }, { runAt: later, jobId: `${name}-a` });
      // The same id again (another process catching up, say) adds nothing, whatever its time.
      expect(await h.queue.enqueue(name, { at: 'now' }, { jobId: `${name}-a` })).toBe(oldId);
      expect(await h.queue.counts(name)).toEqual({ waiting: 0, active: 0, delayed: 1, failed: 0 });
      const newId = await h.queue.enqueue(
        name,
        { at: 'soon' },
        { runAt: new Date(Date.now() + 300), jobId: `${name}-b` },
      );
      await h.queue.worker<{ at: string }, string>(name, async ({ at }) => (ran.push(at), at));
      expect(await h.queue.waitFor(newId, 10_000)).toMatchObject({ state: 'completed', result: 'soon' });
      expect(ran).toEqual(['soon']);
      expect(await h.queue.get(oldId)).toMatchObject({ state: 'delayed' });
    });

    it('When a job is scheduled for a time already past, then it runs at once', async () => {
      const name = `overdue-${++n}`;
      const id = await h.queue.enqueue(name, {}, { runAt: new Date(Date.now() - 60_000) });
      expect(await h.queue.counts(name)).toEqual({ waiting: 1, active: 0, delayed: 0, failed: 0 });
      await h.queue.worker(name, async () => 'done');
      expect(await h.queue.waitFor(id, 10_000)).toMatchObject({ state: 'completed', result: 'done' });
    });

    it('When no worker runs, then waitFor returns the still-waiting job after the timeout', async () => {
      const id = await h.queue.enqueue(`idle-${++n}`, { a: 1 });
      const info = await h.queue.waitFor(id, 200);
      expect(['waiting', 'delayed']).toContain(info.state);
      expect(await h.queue.get('no-such-job')).toBeNull();
    });
  });
}
