import type { JobQueue } from '../../src/ports';

export interface JobQueueHarness {
  queue: JobQueue;
  cleanup(): Promise<void>;
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

    it('When no worker runs, then waitFor returns the still-waiting job after the timeout', async () => {
      const id = await h.queue.enqueue(`idle-${++n}`, { a: 1 });
      const info = await h.queue.waitFor(id, 200);
      expect(['waiting', 'delayed']).toContain(info.state);
      expect(await h.queue.get('no-such-job')).toBeNull();
    });
  });
}
