import { OffsetCommits, type PartitionOffset } from '../../src/adapters/kafka/offset-commits';

describe('kafka offset commits', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  /** OffsetCommits whose commits are recorded, or refused (and reported) while `refusing` is true. */
  const recorder = () => {
    const sent: PartitionOffset[][] = [];
    const failures: unknown[] = [];
    const state = { refusing: false };
    const commits = new OffsetCommits({
      commit: async (offsets) => {
        if (state.refusing) throw new Error('rebalancing');
        sent.push(offsets);
      },
      everyMs: 100,
      failed: (err) => failures.push(err),
    });
    return { sent, failures, commits, state };
  };

  it('When messages keep coming, then their offsets go in one commit every 100 ms (40 messages in 200 ms: 3 commits), each the offset after the last handled', async () => {
    const { sent, commits } = recorder();
    commits.handled('t', 0, '4'); // the first one goes at once
    await jest.advanceTimersByTimeAsync(0);
    for (let i = 5; i < 45; i++) {
      commits.handled('t', i % 2, String(i));
      await jest.advanceTimersByTimeAsync(5);
    }
    await jest.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([
      [{ topic: 't', partition: 0, offset: '5' }],
      [
        { topic: 't', partition: 1, offset: '24' },
        { topic: 't', partition: 0, offset: '25' },
      ],
      [
        { topic: 't', partition: 1, offset: '44' },
        { topic: 't', partition: 0, offset: '45' },
      ],
    ]);
  });

  it('When a lull follows a message, then its offset is committed without another message', async () => {
    const { sent, commits } = recorder();
    commits.handled('t', 0, '1');
    commits.handled('t', 0, '2');
    await jest.advanceTimersByTimeAsync(99);
    expect(sent).toEqual([[{ topic: 't', partition: 0, offset: '2' }]]);
    commits.handled('t', 0, '3');
    await jest.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      [{ topic: 't', partition: 0, offset: '2' }],
      [{ topic: 't', partition: 0, offset: '4' }],
    ]);
  });

  it('When the subscription stops, then flush commits what is pending at once', async () => {
    const { sent, commits } = recorder();
    commits.handled('t', 0, '1');
    commits.handled('t', 2, '9');
    await commits.flush();
    expect(sent.flat()).toEqual([
      { topic: 't', partition: 0, offset: '2' },
      { topic: 't', partition: 2, offset: '10' },
    ]);
  });

  it('When a rebalance takes a partition away, then its offset is not committed by this consumer', async () => {
    const { sent, commits } = recorder();
    commits.handled('t', 0, '1');
    commits.handled('t', 1, '7');
    commits.handled('t', 2, '8');
    commits.keepOnly((_topic, partition) => partition !== 1);
    await commits.flush();
    expect(sent.flat().map((o) => o.partition)).toEqual([0, 2]);
  });

  it('When a commit fails, then it is reported and later offsets are still committed', async () => {
    const { sent, failures, commits, state } = recorder();
    state.refusing = true;
    commits.handled('t', 0, '1');
    await commits.flush();
    state.refusing = false;
    commits.handled('t', 0, '2');
    await commits.flush();
    expect(failures).toHaveLength(1);
    expect(sent).toEqual([[{ topic: 't', partition: 0, offset: '3' }]]);
  });
});
