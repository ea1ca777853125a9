import type { Metrics } from './metrics';
import type { EventBus, EventHandler } from '../ports';

/**
 * The event bus with each delivery to this process's subscriptions measured, by consumer group:
 * event_handling_duration_seconds{group, outcome} (ok or failed), event_handling_failures_total{group}, and
 * event_delivery_delay_seconds{group}, the time from the event's occurredAt to the start of its handling (relay,
 * bus and waiting in line together: how far behind the consumer runs).
 */
export function instrumentBus(bus: EventBus, metrics: Metrics, clock: () => number = Date.now): EventBus {
  const duration = metrics.histogram({
    name: 'event_handling_duration_seconds',
    help: 'Time one delivery took the handler of a subscription in this process, by group and outcome',
    labelNames: ['group', 'outcome'],
  });
  const failures = metrics.counter({
    name: 'event_handling_failures_total',
    help: 'Deliveries whose handler failed (the bus delivers them again), by group',
    labelNames: ['group'],
  });
  const delay = metrics.histogram({
    name: 'event_delivery_delay_seconds',
    help: "Time from an event's occurredAt to the start of its handling, by group",
    labelNames: ['group'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  });
  const subscribe: EventBus['subscribe'] = (group, topics, handler, options) => {
    const measured: EventHandler = async (event, topic) => {
      const occurred = Date.parse(event.occurredAt);
      if (Number.isFinite(occurred)) delay.observe({ group }, Math.max(0, clock() - occurred) / 1000);
      const end = duration.startTimer({ group });
      try {
        await handler(event, topic);
        end({ outcome: 'ok' });
      } catch (err) {
        end({ outcome: 'failed' });
        failures.inc({ group });
        throw err;
      }
    };
    return bus.subscribe(group, topics, measured, options);
  };
  return new Proxy(bus, {
    get(target, prop, receiver) {
      if (prop === 'subscribe') return subscribe;
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
