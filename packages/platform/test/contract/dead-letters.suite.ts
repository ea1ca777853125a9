import type { EventBus, NewEvent, ReadModels, StoredEvent } from '../../src/ports';
import { subscribeIntegrationEvents, deadLetterTopic, type DeadLetter } from '../../src/es/consumer';
import { Metrics } from '../../src/observability/metrics';
import { createLogger } from '../../src/observability/logging';

/** A topic with its producer, and a consumer process's bus and read models (as in event-bus.suite.ts). */
export interface DeadLetterHarness {
  topic: string;
  /** Appends to the producer's store and publishes to the topic, as its relay does. */
  produce(streamId: string, events: NewEvent[]): Promise<StoredEvent[]>;
  /** A bus as the consumer process sees it; it can also read the topic's dead letters (`<topic>.dlq`). */
  openBus(): Promise<EventBus>;
  consumerModels(): Promise<ReadModels>;
  cleanup(): Promise<void>;
}

const until = async (cond: () => boolean, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};
let n = 0;

/** The consumer's schema in these tests: a Counted event with a number n. */
const parse = (m: StoredEvent) => {
  const n = (m.data as { n?: unknown } | null)?.n;
  return m.type === 'Counted' && typeof n === 'number'
    ? { ok: true as const, event: { n } }
    : {
        ok: false as const,
        reason: `not a Counted event with a number n: ${m.type} ${JSON.stringify(m.data)}`,
      };
};

export function deadLetterContract(adapter: string, make: () => Promise<DeadLetterHarness>) {
  describe(`dead letters [${adapter}]`, () => {
    jest.setTimeout(60_000);
    let h: DeadLetterHarness;
    let bus: EventBus;
    beforeEach(async () => {
      h = await make();
      bus = await h.openBus();
    });
    afterEach(async () => {
      await bus.close();
      await h.cleanup();
    });

    /** The dead letters of the topic, read from the dead-letter store through the bus. */
    const deadLetters = async () => {
      const seen: StoredEvent[] = [];
      const sub = await bus.subscribe(`dlq-reader-${++n}`, [deadLetterTopic(h.topic)], async (e) => {
        seen.push(e);
      });
      return { seen, stop: () => sub.stop() };
    };
    const counted = async (metrics: Metrics, group: string) => {
      const metric = metrics.registry.getSingleMetric('events_dead_lettered_total');
      const values = (await metric!.get()).values;
      return values.find((v) => v.labels.group === group && v.labels.topic === h.topic)?.value;
    };

    it('When a message does not parse, then it lands in the dead-letter store with the reason and the next one is handled', async () => {
      const group = `g-parse-${++n}`;
      const metrics = new Metrics({ defaultMetrics: false });
      const handled: number[] = [];
      const sub = await subscribeIntegrationEvents(bus, await h.consumerModels(), {
        group,
        topics: [h.topic],
        parse,
        handle: async (e) => void handled.push(e.n),
        logger: createLogger('test'),
        metrics,
      });
      const [bad] = await h.produce('s1', [
        { type: 'Counted', data: { n: 'one' } },
        { type: 'Counted', data: { n: 2 } },
      ]);
      await until(() => handled.length === 1);
      expect(handled).toEqual([2]);
      const letters = await deadLetters();
      await until(() => letters.seen.length === 1);
      await letters.stop();
      await sub.stop();
      expect(letters.seen[0]).toMatchObject({ id: bad!.id, type: 'Counted', data: { n: 'one' } });
      expect(letters.seen[0]!.meta.deadLetter as DeadLetter).toMatchObject({
        group,
        topic: h.topic,
        reason: 'not a Counted event with a number n: Counted {"n":"one"}',
      });
      expect(await counted(metrics, group)).toBe(1);
    });

    it('When a consumer wants only some events, then the others are passed by without an inbox record and a bad message is still dead-lettered', async () => {
      const group = `g-wants-${++n}`;
      const models = await h.consumerModels();
      const handled: number[] = [];
      const sub = await subscribeIntegrationEvents(bus, models, {
        group,
        topics: [h.topic],
        parse,
        wants: (e) => e.n % 2 === 0,
        handle: async (e) => void handled.push(e.n),
        logger: createLogger('test'),
      });
      const [, , , bad] = await h.produce('s1', [
        { type: 'Counted', data: { n: 1 } },
        { type: 'Counted', data: { n: 2 } },
        { type: 'Counted', data: { n: 3 } },
        { type: 'Counted', data: { n: 'four' } },
        { type: 'Counted', data: { n: 6 } },
      ]);
      await until(() => handled.length === 2);
      const letters = await deadLetters();
      await until(() => letters.seen.length === 1);
      await letters.stop();
      await sub.stop();
      expect(handled).toEqual([2, 6]);
      expect(letters.seen[0]!.id).toBe(bad!.id);
      const inbox = await models
        .collection<{ id: string; group: string }>('inbox')
        .find({ where: { group } });
      expect(inbox).toHaveLength(3); // 2, 'four' (dead-lettered) and 6; 1 and 3 left no record
    });

    it('When a handler keeps failing, then after 5 tries the message is dead-lettered and the consumer goes on', async () => {
      const group = `g-fail-${++n}`;
      const metrics = new Metrics({ defaultMetrics: false });
      const tries: number[] = [];
      const handled: number[] = [];
      const sub = await subscribeIntegrationEvents(bus, await h.consumerModels(), {
        group,
        topics: [h.topic],
        parse,
        handle: async (e) => {
          tries.push(e.n);
          if (e.n === 13) throw new Error('no such partner row');
          handled.push(e.n);
        },
        logger: createLogger('test'),
        metrics,
        retryDelayMs: () => 10,
      });
      const [poison] = await h.produce('s1', [
        { type: 'Counted', data: { n: 13 } },
        { type: 'Counted', data: { n: 14 } },
      ]);
      await until(() => handled.length === 1);
      expect(tries.filter((t) => t === 13)).toHaveLength(5);
      expect(handled).toEqual([14]);
      const letters = await deadLetters();
      await until(() => letters.seen.length === 1);
      await letters.stop();
      await sub.stop();
      expect(letters.seen[0]!.id).toBe(poison!.id);
      expect((letters.seen[0]!.meta.deadLetter as DeadLetter).reason).toBe(
        'handler failed 5 times: no such partner row',
      );
      expect(await counted(metrics, group)).toBe(1);
    });
  });
}
