import { HttpError } from '@12yards/platform';
import { HashQueue } from '../src/auth/hash-queue';

/** A job that runs until released, recording how many ran at once. */
function jobs() {
  let running = 0;
  let peak = 0;
  const order: string[] = [];
  const releases: Array<() => void> = [];
  const job = (name: string) => () =>
    new Promise<string>((resolve) => {
      running++;
      peak = Math.max(peak, running);
      order.push(name);
      releases.push(() => {
        running--;
        resolve(name);
      });
    });
  const tick = () => new Promise((r) => setImmediate(r));
  return { job, order, releases, peak: () => peak, tick };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'ran',
    (err: HttpError) => `${err.status} ${err.code} Retry-After ${err.headers['Retry-After']}`,
  );

describe('password hashing queue', () => {
  it('When more jobs come than may run, then at most `concurrency` run and the rest wait their turn in order', async () => {
    const q = new HashQueue({ concurrency: 2, maxWaiting: 10, perClient: 1 });
    const j = jobs();
    const done = ['a', 'b', 'c', 'd', 'e'].map((n) => q.run(n, j.job(n)));
    await j.tick();
    expect(j.order).toEqual(['a', 'b']);
    while (j.releases.length) {
      j.releases.shift()!();
      await j.tick();
    }
    await expect(Promise.all(done)).resolves.toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(j.order).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(j.peak()).toBe(2);
  });

  it('When the queue is full, then 503 with Retry-After, and a place opens once a job is done', async () => {
    const q = new HashQueue({ concurrency: 1, maxWaiting: 2, perClient: 5 });
    const j = jobs();
    const held = ['a', 'b', 'c'].map((n) => q.run(n, j.job(n)));
    expect(await refusal(q.run('d', j.job('d')))).toBe('503 service_unavailable Retry-After 1');
    await j.tick();
    j.releases.shift()!();
    await j.tick();
    const late = q.run('e', j.job('e'));
    while (j.releases.length || j.order.length < 4) {
      j.releases.shift()?.();
      await j.tick();
    }
    await expect(Promise.all([...held, late])).resolves.toEqual(['a', 'b', 'c', 'e']);
  });

  it('When one client already has its share running or waiting, then its next job gets 429; other clients go on', async () => {
    const q = new HashQueue({ concurrency: 1, maxWaiting: 10, perClient: 2 });
    const j = jobs();
    const mine = [q.run('A', j.job('a1')), q.run('A', j.job('a2'))];
    expect(await refusal(q.run('A', j.job('a3')))).toBe('429 too_many_requests Retry-After 1');
    const other = q.run('B', j.job('b1'));
    while (j.order.length < 3 || j.releases.length) {
      j.releases.shift()?.();
      await j.tick();
    }
    await expect(Promise.all([...mine, other])).resolves.toEqual(['a1', 'a2', 'b1']);
    // Its share is given back once its jobs are done.
    const again = q.run('A', j.job('a4'));
    await j.tick();
    j.releases.shift()!();
    await expect(again).resolves.toBe('a4');
  });

  it('When a priority job (a known device) comes, then it goes ahead of the waiting ones, even when the queue is full', async () => {
    const q = new HashQueue({ concurrency: 1, maxWaiting: 2, perClient: 1 });
    const j = jobs();
    const normal = ['a', 'b', 'c'].map((n) => q.run(n, j.job(n)));
    expect(await refusal(q.run('d', j.job('d')))).toMatch(/^503/);
    const urgent = q.run('device:1', j.job('known'), true);
    while (j.order.length < 4 || j.releases.length) {
      j.releases.shift()?.();
      await j.tick();
    }
    await Promise.all([...normal, urgent]);
    expect(j.order).toEqual(['a', 'known', 'b', 'c']);
    expect(j.peak()).toBe(1);
  });

  it('When a job fails, then its place is given back', async () => {
    const q = new HashQueue({ concurrency: 1, maxWaiting: 0, perClient: 1 });
    await expect(q.run('A', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(q.run('A', () => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});
