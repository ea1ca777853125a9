// Each delivery to a subscription is timed by group and outcome, its failures counted, and its delay since the
// event occurred observed.
import { instrumentBus } from '../../src/observability/bus-metrics';
import { Metrics } from '../../src/observability/metrics';
import type { EventBus, EventHandler, StoredEvent } from '../../src/ports';
import { histogramSeries, sampleValue } from '../support/prometheus';

/** A bus that hands the test its subscriber's handler. */
class HandBus implements EventBus {
  readonly needsRelay = true;
  handler?: EventHandler;
  async publish() {}
  async subscribe(_group: string, _topics: string[], handler: EventHandler) {
    this.handler = handler;
    return { stop: async () => undefined };
  }
  async ready() {
    return true;
  }
  async close() {}
}

const event = (position: number, occurredAt: string): StoredEvent => ({
  id: `e-${position}`,
  type: 'ContractCreated',
  streamId: 'contract-1',
  version: position,
  position,
  occurredAt,
  data: {},
  meta: {},
});

it('When deliveries succeed and fail, then /metrics shows them by group with their delay', async () => {
  const metrics = new Metrics({ defaultMetrics: false });
  const inner = new HandBus();
  const now = Date.parse('2026-01-01T10:00:03Z');
  const bus = instrumentBus(inner, metrics, () => now);
  expect(bus.needsRelay).toBe(true);
  let calls = 0;
  await bus.subscribe('partners-contracts', ['contracts'], async () => {
    if (++calls === 2) throw new Error('read model unavailable');
  });
  await inner.handler!(event(1, '2026-01-01T10:00:02Z'), 'contracts');
  await expect(inner.handler!(event(2, '2026-01-01T10:00:00Z'), 'contracts')).rejects.toThrow('unavailable');

  const text = (await metrics.expose()).body;
  const group = { group: 'partners-contracts' };
  expect(sampleValue(text, 'event_handling_failures_total', group)).toBe(1);
  expect(histogramSeries(text, 'event_handling_duration_seconds', { ...group, outcome: 'ok' })?.count).toBe(
    1,
  );
  expect(
    histogramSeries(text, 'event_handling_duration_seconds', { ...group, outcome: 'failed' })?.count,
  ).toBe(1);
  const delay = histogramSeries(text, 'event_delivery_delay_seconds', group);
  expect(delay).toMatchObject({ count: 2, sum: 4 }); // 1 s and 3 s behind
  expect(Number(delay!.buckets['1'])).toBe(1);
});
