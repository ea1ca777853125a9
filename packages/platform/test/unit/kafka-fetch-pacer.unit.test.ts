import { BUSY_EVENTS, FetchPacer } from '../../src/adapters/kafka/fetch-pacer';

describe('the fetch pacing of a Kafka subscriber that may wait', () => {
  const pacer = () => {
    let now = 1_000_000;
    const p = new FetchPacer(200, () => now);
    return { p, later: (ms: number) => (now += ms) };
  };

  it('When single events come after quiet spells, or as a slow trickle, then each next fetch goes at once', () => {
    const { p, later } = pacer();
    expect(p.pauseAfter(1)).toBe(0);
    later(5_000);
    expect(p.pauseAfter(2)).toBe(0);
    // 25 events a second: never more than BUSY_EVENTS within 200 ms.
    for (let i = 0; i < 50; i++) {
      later(40);
      expect(p.pauseAfter(1)).toBe(0);
    }
  });

  it('When events come faster than that, then each fetched batch is followed by a pause of the delay allowed, until they slow down again', () => {
    const { p, later } = pacer();
    const pauses: number[] = [];
    // 200 events a second, fetched two or three at a time.
    for (let i = 0; i < 12; i++) {
      later(12);
      pauses.push(p.pauseAfter(i % 2 === 0 ? 2 : 3));
    }
    expect(pauses.slice(0, 3)).toEqual([0, 0, 0]);
    expect(pauses.slice(-3)).toEqual([200, 200, 200]);
    // Paced, each fetch brings what came in the pause.
    expect(p.pauseAfter(40)).toBe(200);
    // Quiet for longer than the delay: the next event goes at once.
    later(201);
    expect(p.pauseAfter(1)).toBe(0);
  });

  it('When one fetch brings more than BUSY_EVENTS at once (a backlog), then the next fetch waits', () => {
    const { p } = pacer();
    expect(p.pauseAfter(BUSY_EVENTS)).toBe(0);
    expect(p.pauseAfter(1)).toBe(200);
  });
});
