// The embedded bus delivers an event as soon as the producer's file changes, not at its next poll.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openSqlite } from '../../src/embedded/sqlite';
import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteEventBus } from '../../src/embedded/sqlite-event-bus';

it('When a producer appends, then a subscriber in another connection gets the event well before its 5 s poll', async () => {
  const dir = mkdtempSync(join(tmpdir(), '12yards-bus-'));
  const producerDb = openSqlite(join(dir, 'producer.sqlite'));
  const consumerDb = openSqlite(join(dir, 'consumer.sqlite'));
  const store = new SqliteEventStore(producerDb);
  const producerBus = new SqliteEventBus({ topics: {}, db: producerDb });
  const bus = new SqliteEventBus({
    topics: { producer: join(dir, 'producer.sqlite') },
    db: consumerDb,
    pollMs: 5_000,
  });
  const got: { id: string; at: number }[] = [];
  const sub = await bus.subscribe('g', ['producer'], async (e) => {
    got.push({ id: e.id, at: performance.now() });
  });
  try {
    await new Promise((r) => setTimeout(r, 100)); // the first (empty) read is over; the tail now waits
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const { events } = await store.append(`s-${i}`, 'no_stream', [{ type: 'Happened', data: { i } }]);
      await producerBus.publish('producer', events); // as the producer's relay does right after an append
      while (!got.some((g) => g.id === events[0]!.id)) {
        if (performance.now() - t0 > 2_000) throw new Error(`event ${i} not delivered within 2 s`);
        await new Promise((r) => setTimeout(r, 1));
      }
      latencies.push(got.find((g) => g.id === events[0]!.id)!.at - t0);
    }
    expect(Math.max(...latencies)).toBeLessThan(500);
  } finally {
    await sub.stop();
    producerDb.close();
    consumerDb.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
