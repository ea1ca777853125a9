import { Batcher, Lane, type Outcome } from '../../src/adapters/mongo/batcher';

/** A server stand-in: records each command's inputs and answers after `ms`, refusing the inputs `refuse` names. */
function server(ms = 5, refuse: (n: number) => boolean = () => false) {
  const commands: number[][] = [];
  const send = async (inputs: number[]): Promise<Outcome<number>[]> => {
    commands.push(inputs);
    await new Promise((r) => setTimeout(r, ms));
    return inputs.map((n) => (refuse(n) ? { error: new Error(`refused ${n}`) } : { value: n * 10 }));
  };
  return { commands, send };
}

describe('Batcher (group commit)', () => {
  it('When one call comes alone, then it goes at once, in a command of its own', async () => {
    const s = server();
    const batcher = new Batcher(s.send);
    await expect(batcher.call(1)).resolves.toBe(10);
    expect(s.commands).toEqual([[1]]);
  });

  it('When calls come while a command is on its way, then they go together in the next one, each with its own answer', async () => {
    const s = server();
    const batcher = new Batcher(s.send);
    const first = batcher.call(1);
    await new Promise((r) => setTimeout(r, 1)); // the first command is out
    const later = [2, 3, 4, 5].map((n) => batcher.call(n));
    await expect(Promise.all([first, ...later])).resolves.toEqual([10, 20, 30, 40, 50]);
    expect(s.commands).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('When one call of a batch is refused, then only its caller gets the error', async () => {
    const s = server(5, (n) => n === 3);
    const batcher = new Batcher(s.send);
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => batcher.call(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toEqual(new Error('refused 3'));
    expect(s.commands).toEqual([[1, 2, 3, 4]]);
  });

  it('When the command fails as a whole, then every caller of the batch gets the error, and the next calls go on', async () => {
    let down = true;
    const batcher = new Batcher<number, number>(async (inputs) => {
      if (down) throw new Error('server unreachable');
      return inputs.map((n) => ({ value: n }));
    });
    const failed = await Promise.allSettled([1, 2].map((n) => batcher.call(n)));
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    down = false;
    await expect(batcher.call(3)).resolves.toBe(3);
  });

  it('When commands must go one at a time, then no two are on their way at once, and a batch is at most maxBatch', async () => {
    let out = 0;
    let most = 0;
    const sizes: number[] = [];
    const batcher = new Batcher<number, number>(
      async (inputs) => {
        out++;
        most = Math.max(most, out);
        sizes.push(inputs.length);
        await new Promise((r) => setTimeout(r, 3));
        out--;
        return inputs.map((n) => ({ value: n }));
      },
      { concurrency: 1, maxBatch: 4 },
    );
    const all = Array.from({ length: 10 }, (_, i) => batcher.call(i));
    await expect(Promise.all(all)).resolves.toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(most).toBe(1);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('When two batchers share a lane, then one waits while the other has a command on its way, and then sends every call made meanwhile in one', async () => {
    const lane = new Lane();
    const sent: string[] = [];
    const answers: (() => void)[] = [];
    /** A server that answers when the test says so. */
    const serverOf = (name: string) => async (inputs: number[]) => {
      sent.push(`${name} ${inputs.join(',')}`);
      await new Promise<void>((r) => answers.push(r));
      return inputs.map((n) => ({ value: n }));
    };
    const tick = () => new Promise((r) => setImmediate(r));
    const keys = new Batcher<number, number>(serverOf('keys'), { lane });
    const appends = new Batcher<number, number>(serverOf('appends'), { lane });

    const key = keys.call(1);
    await tick();
    const waiting = [appends.call(10), appends.call(11)];
    await tick();
    waiting.push(appends.call(12));
    await tick();
    expect(sent).toEqual(['keys 1']); // the appends' batcher is idle, but the lane is not

    answers.shift()!();
    await expect(key).resolves.toBe(1);
    await tick();
    expect(sent).toEqual(['keys 1', 'appends 10,11,12']);
    const key2 = keys.call(2);
    await tick();
    expect(sent).toHaveLength(2); // the keys wait for the appends in turn
    answers.shift()!();
    await expect(Promise.all(waiting)).resolves.toEqual([10, 11, 12]);
    await tick();
    answers.shift()!();
    await expect(key2).resolves.toBe(2);
    expect(sent).toEqual(['keys 1', 'appends 10,11,12', 'keys 2']);
  });

  it('When a lane is idle, then a call takes it at once and goes alone', async () => {
    const s = server();
    const batcher = new Batcher(s.send, { lane: new Lane() });
    await expect(batcher.call(1)).resolves.toBe(10);
    await expect(batcher.call(2)).resolves.toBe(20);
    expect(s.commands).toEqual([[1], [2]]);
  });

  it('When two commands of one batcher wait for a lane and the first takes every call, then the second sends nothing', async () => {
    const lane = new Lane();
    await lane.take(); // another batcher's command is on its way
    const sent: number[][] = [];
    const batcher = new Batcher<number, number>(
      async (inputs) => {
        sent.push(inputs);
        return inputs.map((n) => ({ value: n }));
      },
      { lane, concurrency: 2 },
    );
    const first = batcher.call(1);
    await new Promise((r) => setImmediate(r));
    const second = batcher.call(2);
    await new Promise((r) => setImmediate(r));
    lane.release();
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
    await expect(batcher.call(3)).resolves.toBe(3);
    expect(sent).toEqual([[1, 2], [3]]);
  });
});
