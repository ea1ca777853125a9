import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { openSqlite } from '../../src/embedded/sqlite';
import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { performance } from 'node:perf_hooks';
import { OutboxRelay } from '../../src/es/relay';
import { SignallingEventStore } from '../../src/es/append-signal';
import { KafkaEventBus } from '../../src/adapters/kafka/kafka-event-bus';
import type { EventBus, StoredEvent } from '../../src/ports';
import { eventBusContract } from './event-bus.suite';
import { deadLetterContract } from './dead-letters.suite';
import { runId, withRealServer } from './real-servers';

let n = 0;
const until = async (cond: () => boolean, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting for delivery');
    await new Promise((r) => setTimeout(r, 20));
  }
};

withRealServer('kafka', (env) => {
  const brokers = env.KAFKA_BROKERS!.split(',');
  const openBus = () => new KafkaEventBus({ brokers, clientId: `contract-${runId}`, sessionTimeoutMs: 6000 });

  afterAll(async () => {
    // Topics of this run only; the broker keeps the others.
    const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const mine = (await admin.listTopics()).filter((t) => t.startsWith(`contract-${runId}-`));
    if (mine.length) await admin.deleteTopics({ topics: mine }).catch(() => undefined);
    await admin.disconnect();
  });

  /** A producing service: its event store (the outbox) relayed to Kafka, as in production. */
  const producer = (topic: string) => {
    const dir = mkdtempSync(join(tmpdir(), '12yards-kafka-'));
    const db = openSqlite(join(dir, 'producer.sqlite'));
    const store = new SqliteEventStore(db);
    const bus = openBus();
    const relay = new OutboxRelay(store, bus, new SqliteReadModels(db), topic);
    return {
      produce: async (streamId: string, events: Parameters<SqliteEventStore['append']>[2]) => {
        const { events: stored } = await store.append(streamId, 'any', events);
        await relay.flush();
        return stored;
      },
      close: async () => {
        await bus.close();
        db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };

  // A consumer's dead letters go to the topic's `<topic>.dlq` on the same cluster.
  deadLetterContract('kafka', async () => {
    const topic = `contract-${runId}-${++n}`;
    const p = producer(topic);
    const dir = mkdtempSync(join(tmpdir(), '12yards-kafka-consumer-'));
    const consumerDb = openSqlite(join(dir, 'consumer.sqlite'));
    return {
      topic,
      produce: p.produce,
      openBus: async () => openBus(),
      consumerModels: async () => new SqliteReadModels(consumerDb),
      cleanup: async () => {
        await p.close();
        consumerDb.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });

  eventBusContract('kafka', async () => {
    const topic = `contract-${runId}-${++n}`;
    const p = producer(topic);
    const dir = mkdtempSync(join(tmpdir(), '12yards-kafka-consumer-'));
    const consumerDb = openSqlite(join(dir, 'consumer.sqlite'));
    return {
      topic,
      produce: p.produce,
      openBus: async () => openBus(),
      consumerModels: async () => new SqliteReadModels(consumerDb),
      cleanup: async () => {
        await p.close();
        consumerDb.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });

  describe('EventBus on Kafka specifics [kafka]', () => {
    jest.setTimeout(90_000);
    const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
    const buses: EventBus[] = [];
    const bus = () => {
      const b = openBus();
      buses.push(b);
      return b;
    };
    let p: ReturnType<typeof producer>;
    let topic: string;
    beforeAll(() => admin.connect());
    afterAll(() => admin.disconnect());
    beforeEach(() => {
      topic = `contract-${runId}-k${++n}`;
      p = producer(topic);
    });
    afterEach(async () => {
      for (const b of buses.splice(0)) await b.close();
      await p.close();
    });

    it('When many streams interleave over several partitions, then each stream arrives in order (key = stream id) [kafka]', async () => {
      const streams = Array.from({ length: 12 }, (_, i) => `stream-${i}`);
      for (let round = 1; round <= 8; round++) {
        for (const s of streams) await p.produce(s, [{ type: `R${round}`, data: { round } }]);
      }
      const got = new Map<string, number[]>();
      await bus().subscribe(`g-keys-${n}`, [topic], async (e: StoredEvent) => {
        got.set(e.streamId, [...(got.get(e.streamId) ?? []), (e.data as { round: number }).round]);
      });
      await until(() => [...got.values()].reduce((a, v) => a + v.length, 0) >= streams.length * 8);
      for (const s of streams) expect(got.get(s)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const offsets = await admin.fetchTopicOffsets(topic);
      expect(offsets.filter((o) => Number(o.high) > 0).length).toBeGreaterThan(1);
    });

    it("When one stream's event is slow, then the other streams' events of the same partition are handled meanwhile, each stream in order [kafka]", async () => {
      const onePartition = new KafkaEventBus({ brokers, clientId: `contract-${runId}`, partitions: 1 });
      buses.push(onePartition);
      await onePartition.ensureTopics([topic]);
      await p.produce('slow', [{ type: 'S1', data: {} }]);
      await p.produce('quick', [
        { type: 'Q1', data: {} },
        { type: 'Q2', data: {} },
      ]);
      await p.produce('slow', [{ type: 'S2', data: {} }]);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const handled: string[] = [];
      await bus().subscribe(`g-streams-${n}`, [topic], async (e: StoredEvent) => {
        if (e.type === 'S1') await gate;
        handled.push(e.type);
      });
      await until(() => handled.includes('Q2'));
      expect(handled).toEqual(['Q1', 'Q2']); // S1 is still being handled, S2 waits behind it
      release();
      await until(() => handled.includes('S2'));
      expect(handled).toEqual(['Q1', 'Q2', 'S1', 'S2']);
      const offsets = await admin.fetchTopicOffsets(topic);
      expect(offsets).toHaveLength(1);
    });

    it('When a consumer process is killed while handling an event, then the group redelivers that event to the next consumer [kafka]', async () => {
      const group = `g-kill-${n}`;
      await p.produce('order-1', [
        { type: 'Before', data: {} },
        { type: 'Crash', data: {} },
        { type: 'After', data: {} },
      ]);
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', resolve(__dirname, 'kafka-crash-consumer.ts'), brokers.join(','), group, topic],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let childSaw = '';
      child.stdout.on('data', (d) => (childSaw += d));
      const exit = await new Promise<NodeJS.Signals | null>((r) =>
        child.on('exit', (_code, signal) => r(signal)),
      );
      expect(exit).toBe('SIGKILL');
      expect(childSaw.trim().split('\n')).toEqual(['Before', 'Crash']);

      const after: string[] = [];
      await bus().subscribe(group, [topic], async (e) => void after.push(e.type));
      await until(() => after.includes('After'));
      // Offsets are committed a fetched batch at a time: what the killed consumer handled before the crash in the
      // same batch may come again (the inbox keeps its effect single), in order, and the event it died on does.
      expect(after.length).toBeGreaterThanOrEqual(2);
      expect(['Before', 'Crash', 'After'].slice(-after.length)).toEqual(after);
    });

    it('When a group restarts, then it resumes after the last event it handled [kafka]', async () => {
      const group = `g-offsets-${n}`;
      await p.produce('s', [
        { type: 'E1', data: {} },
        { type: 'E2', data: {} },
        { type: 'E3', data: {} },
      ]);
      const first = bus();
      const seen: string[] = [];
      const sub = await first.subscribe(group, [topic], async (e) => void seen.push(e.type));
      await until(() => seen.length >= 3);
      await sub.stop();
      const committed = await admin.fetchOffsets({ groupId: group, topics: [topic] });
      const ends = await admin.fetchTopicOffsets(topic);
      const sum = (xs: { offset?: string; high?: string }[], k: 'offset' | 'high') =>
        xs.reduce((a, x) => a + Math.max(0, Number(x[k])), 0);
      expect(sum(committed[0]!.partitions, 'offset')).toBe(3);
      expect(sum(ends, 'high')).toBe(3);

      await p.produce('s', [{ type: 'E4', data: {} }]);
      const again: string[] = [];
      await bus().subscribe(group, [topic], async (e) => void again.push(e.type));
      await until(() => again.includes('E4'));
      await new Promise((r) => setTimeout(r, 300));
      expect(again).toEqual(['E4']);
    });

    it('When the relay is notified of an append, then a subscriber gets the event long before the relay would poll; without the notification the poll still delivers it [kafka]', async () => {
      const dir = mkdtempSync(join(tmpdir(), '12yards-kafka-notify-'));
      const db = openSqlite(join(dir, 'producer.sqlite'));
      const store = new SignallingEventStore(new SqliteEventStore(db));
      const notified = new OutboxRelay(store, bus(), new SqliteReadModels(db), topic, undefined, {
        pollMs: 20_000,
        onAppend: (listener) => store.onAppend(listener),
      });
      const arrived = new Map<string, number>();
      await bus().subscribe(
        `g-notify-${n}`,
        [topic],
        async (e) => void arrived.set(e.type, performance.now()),
      );
      notified.start();
      try {
        // The subscriber is in its group once a first event went through.
        await store.append('warm-up', 'any', [{ type: 'WarmUp', data: {} }]);
        await until(() => arrived.has('WarmUp'));
        const t0 = performance.now();
        await store.append('s', 'any', [{ type: 'Notified', data: {} }]);
        await until(() => arrived.has('Notified'), 10_000);
        expect(arrived.get('Notified')! - t0).toBeLessThan(2_000);
      } finally {
        await notified.stop();
      }
      // A lost notification: a relay that hears nothing publishes at its poll.
      const polling = new OutboxRelay(store, bus(), new SqliteReadModels(db), topic, undefined, {
        pollMs: 500,
      });
      polling.start();
      try {
        await store.append('s', 'any', [{ type: 'Unannounced', data: {} }]);
        await until(() => arrived.has('Unannounced'), 15_000);
      } finally {
        await polling.stop();
        db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('When asked, then the kafka bus says it needs the outbox relay and is ready', async () => {
      const b = bus();
      expect(b.needsRelay).toBe(true);
      expect(await b.ready()).toBe(true);
    });
  });
});
