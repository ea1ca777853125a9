import type { EventBus, NewEvent, ReadModels, StoredEvent, Subscription } from '../../src/ports';
import { subscribeIdempotent } from '../../src/es/inbox';

/** One topic per harness: its producer, and a way to open a bus as a new consumer process would. */
export interface EventBusHarness {
  topic: string;
  /** Appends to the producer's store and publishes (or not, when the store is the topic). */
  produce(streamId: string, events: NewEvent[]): Promise<StoredEvent[]>;
  /** A bus as one consumer process sees it; calling it again simulates a restarted process. */
  openBus(): Promise<EventBus>;
  /** Read models of the consumer process (for the inbox). */
  consumerModels(): Promise<ReadModels>;
  cleanup(): Promise<void>;
}

const until = async (cond: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting for delivery');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const settle = (ms = 700) => new Promise((r) => setTimeout(r, ms));
let n = 0;

export function eventBusContract(adapter: string, make: () => Promise<EventBusHarness>, timeoutMs = 60_000) {
  describe(`EventBus contract [${adapter}]`, () => {
    jest.setTimeout(timeoutMs);
    let h: EventBusHarness;
    const buses: EventBus[] = [];
    const open = async () => {
      const b = await h.openBus();
      buses.push(b);
      return b;
    };
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      for (const b of buses.splice(0)) await b.close().catch(() => undefined);
      await h.cleanup();
    });

    it('When events are produced, then a subscriber receives each one in order within a stream', async () => {
      const bus = await open();
      const got: string[] = [];
      await bus.subscribe(`g-order-${++n}`, [h.topic], async (e) => {
        got.push(`${e.streamId}:${e.type}`);
      });
      await h.produce('s1', [
        { type: 'A', data: {} },
        { type: 'B', data: {} },
      ]);
      await h.produce('s2', [{ type: 'X', data: {} }]);
      await h.produce('s1', [{ type: 'C', data: {} }]);
      await until(() => got.length >= 4);
      expect(got.filter((g) => g.startsWith('s1:'))).toEqual(['s1:A', 's1:B', 's1:C']);
      expect(got).toContain('s2:X');
    });

    it('When a subscriber may wait five seconds for its events, then a burst of them still reaches it, in order within a stream, and events that come one by one after a quiet spell reach it at once, not seconds later', async () => {
      const bus = await open();
      const got: { key: string; at: number }[] = [];
      await bus.subscribe(
        `g-delay-${++n}`,
        [h.topic],
        async (e) => {
          got.push({ key: `${e.streamId}:${e.type}`, at: Date.now() });
        },
        { maxDelayMs: 5000 },
      );
      for (let i = 0; i < 15; i++) {
        await h.produce(`d${i % 3}`, [{ type: `E${i}`, data: {} }]);
      }
      await until(() => got.length >= 15);
      for (let s = 0; s < 3; s++) {
        expect(got.filter((g) => g.key.startsWith(`d${s}:`)).map((g) => g.key)).toEqual(
          [0, 1, 2, 3, 4].map((k) => `d${s}:E${k * 3 + s}`),
        );
      }
      // Quiet for longer than the delay: each next event is handed over at once, neither held for the delay allowed
      // nor for the rest of a fetch that waits for more.
      await settle(6500);
      for (const type of ['Late', 'Later']) {
        const sent = Date.now();
        await h.produce('idle', [{ type, data: {} }]);
        await until(() => got.some((g) => g.key === `idle:${type}`));
        expect(got.find((g) => g.key === `idle:${type}`)!.at - sent).toBeLessThan(900);
      }
    });

    it('When two groups subscribe, then each receives every event', async () => {
      const bus = await open();
      const a: string[] = [];
      const b: string[] = [];
      await bus.subscribe(`g-a-${++n}`, [h.topic], async (e) => void a.push(e.type));
      await bus.subscribe(`g-b-${n}`, [h.topic], async (e) => void b.push(e.type));
      await h.produce('s', [
        { type: 'One', data: {} },
        { type: 'Two', data: {} },
      ]);
      await until(() => a.length >= 2 && b.length >= 2);
      expect(a).toEqual(['One', 'Two']);
      expect(b).toEqual(['One', 'Two']);
    });

    it('When a consumer crashes while handling an event, then a restarted consumer gets it again (at least once)', async () => {
      const group = `g-crash-${++n}`;
      await h.produce('s', [
        { type: 'First', data: {} },
        { type: 'Second', data: {} },
        { type: 'Third', data: {} },
      ]);
      const first = await open();
      const seen: string[] = [];
      const sub: Subscription = await first.subscribe(group, [h.topic], async (e) => {
        seen.push(e.type);
        if (e.type === 'Second') {
          void sub.stop();
          void first.close();
          await new Promise(() => undefined); // the process died mid-handling: this never resolves
        }
      });
      await until(() => seen.includes('Second'));
      await settle();

      const restarted = await open();
      const after: string[] = [];
      await restarted.subscribe(group, [h.topic], async (e) => void after.push(e.type));
      await until(() => after.includes('Third'));
      expect(after).toContain('Second');
      expect(after).not.toContain('First');
    });

    it('When a consumer restarts after handling events, then it resumes after the last committed one', async () => {
      const group = `g-resume-${++n}`;
      const first = await open();
      const seen: string[] = [];
      const sub = await first.subscribe(group, [h.topic], async (e) => void seen.push(e.type));
      await h.produce('s', [
        { type: 'E1', data: {} },
        { type: 'E2', data: {} },
      ]);
      await until(() => seen.length >= 2);
      await settle(300);
      await sub.stop();
      await first.close();

      await h.produce('s', [{ type: 'E3', data: {} }]);
      const restarted = await open();
      const after: string[] = [];
      await restarted.subscribe(group, [h.topic], async (e) => void after.push(e.type));
      await until(() => after.includes('E3'));
      await settle(300);
      expect(after).toEqual(['E3']);
    });

    it('When the same event is delivered again, then an idempotent handler applies it once', async () => {
      const group = `g-idem-${++n}`;
      const models = await h.consumerModels();
      const effects: string[] = [];
      await h.produce('s', [
        { type: 'Only', data: {} },
        { type: 'Next', data: {} },
      ]);

      const first = await open();
      const sub: Subscription = await subscribeIdempotent(first, models, group, [h.topic], async (e) => {
        effects.push(e.id);
        // The effect and the inbox record are written, then the process dies before the bus commits.
        if (e.type === 'Only') {
          void sub.stop();
          void first.close();
        }
      });
      await until(() => effects.length >= 1);
      await settle();
      await first.close();

      const restarted = await open();
      const delivered: string[] = [];
      await subscribeIdempotent(restarted, models, group, [h.topic], async (e) => {
        delivered.push(e.type);
        effects.push(e.id);
      });
      await until(() => delivered.includes('Next'));
      expect(new Set(effects).size).toBe(effects.length);
      expect(effects).toHaveLength(2);
    });
  });
}
