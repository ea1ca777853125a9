// events_published_total counts what the bus acknowledged: a failed publish is not counted, its retry is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../../src/embedded/sqlite';
import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { OutboxRelay } from '../../src/es/relay';
import { Metrics } from '../../src/observability/metrics';
import type { EventBus, StoredEvent } from '../../src/ports';
import { sampleValue } from '../support/prometheus';

class FlakyBus implements EventBus {
  readonly needsRelay = true;
  failNext = 0;
  received = 0;
  async publish(_topic: string, events: StoredEvent[]) {
    if (this.failNext-- > 0) throw new Error('broker unavailable');
    this.received += events.length;
  }
  async subscribe(): Promise<never> {
    throw new Error('not used');
  }
  async ready() {
    return true;
  }
  async close() {}
}

it('When the relay publishes, then events_published_total grows by what the bus acknowledged', async () => {
  const dir = mkdtempSync(join(tmpdir(), '12yards-relay-metrics-'));
  const db = openSqlite(join(dir, 'service.sqlite'));
  try {
    const store = new SqliteEventStore(db);
    const bus = new FlakyBus();
    const metrics = new Metrics({ defaultMetrics: false });
    const published = metrics.counter({ name: 'events_published_total', help: 'x', labelNames: ['service'] });
    const relay = new OutboxRelay(store, bus, new SqliteReadModels(db), 'status', undefined, {
      onPublished: (n) => published.inc({ service: 'status' }, n),
    });
    await store.append('s-1', 'no_stream', [
      { type: 'Happened', data: { n: 1 } },
      { type: 'Happened', data: { n: 2 } },
    ]);
    bus.failNext = 1;
    await expect(relay.flush()).rejects.toThrow('broker unavailable');
    const scrape = async () => (await metrics.expose()).body;
    expect(sampleValue(await scrape(), 'events_published_total', { service: 'status' })).toBeUndefined();
    await relay.flush();
    await store.append('s-2', 'no_stream', [{ type: 'Happened', data: { n: 3 } }]);
    await relay.flush();
    expect(bus.received).toBe(3);
    expect(sampleValue(await scrape(), 'events_published_total', { service: 'status' })).toBe(3);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
