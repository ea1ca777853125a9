import { handleByKey, type KeyedMessage } from '../../src/adapters/kafka/by-key';

const batch = (...keys: string[]): KeyedMessage[] => keys.map((key, i) => ({ key, offset: String(100 + i) }));
const tick = () => new Promise((r) => setImmediate(r));

describe('handleByKey: a fetched batch, stream by stream', () => {
  it("When a batch holds several streams, then each stream's messages are handled in order and the streams side by side", async () => {
    const started: string[] = [];
    const running = new Set<string>();
    let most = 0;
    await handleByKey(batch('a', 'b', 'a', 'c', 'b', 'a'), {
      concurrency: 10,
      going: () => true,
      resolve: () => undefined,
      handle: async (m) => {
        expect(running.has(m.key)).toBe(false); // never two of one stream at once
        running.add(m.key);
        most = Math.max(most, running.size);
        started.push(`${m.key}${m.offset}`);
        await tick();
        running.delete(m.key);
        return true;
      },
    });
    expect(started.filter((s) => s.startsWith('a'))).toEqual(['a100', 'a102', 'a105']);
    expect(started.filter((s) => s.startsWith('b'))).toEqual(['b101', 'b104']);
    expect(most).toBe(3);
  });

  it('When later messages finish first, then an offset is resolved only once every message before it is handled', async () => {
    const resolved: string[] = [];
    const slow = new Map<string, () => void>();
    const run = handleByKey(batch('slow', 'fast', 'fast'), {
      concurrency: 10,
      going: () => true,
      resolve: (offset) => resolved.push(offset),
      handle: (m) =>
        m.key === 'slow'
          ? new Promise<boolean>((r) => slow.set(m.offset, () => r(true)))
          : Promise.resolve(true),
    });
    await tick();
    expect(resolved).toEqual([]); // 101 and 102 are handled, 100 is not yet
    slow.get('100')!();
    await run;
    expect(resolved).toEqual(['102']);
  });

  it('When a handler throws, then no further message starts, the handled prefix is resolved and the error is thrown', async () => {
    const resolved: string[] = [];
    const handled: string[] = [];
    await expect(
      handleByKey(batch('a', 'a', 'a'), {
        concurrency: 10,
        going: () => true,
        resolve: (offset) => resolved.push(offset),
        handle: async (m) => {
          if (m.offset === '101') throw new Error('handler failed');
          handled.push(m.offset);
          return true;
        },
      }),
    ).rejects.toThrow('handler failed');
    expect(handled).toEqual(['100']);
    expect(resolved).toEqual(['100']);
  });

  it('When the subscription stops, then the message being handled and those after it stay unresolved', async () => {
    const resolved: string[] = [];
    let going = true;
    await handleByKey(batch('a', 'a', 'b'), {
      concurrency: 1,
      going: () => going,
      resolve: (offset) => resolved.push(offset),
      handle: async (m) => {
        if (m.offset === '101') {
          going = false;
          return false; // abandoned by the stop
        }
        return true;
      },
    });
    expect(resolved).toEqual(['100']);
  });

  it('When at most two streams may run at once, then no more than two do', async () => {
    const running = new Set<string>();
    let most = 0;
    await handleByKey(batch('a', 'b', 'c', 'd', 'e'), {
      concurrency: 2,
      going: () => true,
      resolve: () => undefined,
      handle: async (m) => {
        running.add(m.key);
        most = Math.max(most, running.size);
        await tick();
        running.delete(m.key);
        return true;
      },
    });
    expect(most).toBe(2);
  });
});
