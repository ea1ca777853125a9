import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
} from '@opentelemetry/api';
import type {
  AppendResult,
  EventBus,
  EventHandler,
  EventMeta,
  EventStore,
  ExpectedVersion,
  NewEvent,
  StoredEvent,
} from '../../ports';

/** The W3C trace-context fields an event carries in its meta (and a Kafka message in its headers). */
const TRACE_FIELDS = ['traceparent', 'tracestate'] as const;

const tracer = () => trace.getTracer('@12yards/platform');

/**
 * The meta with the active trace context added (W3C `traceparent`, `tracestate`), so whoever handles the event
 * continues the trace of the request that caused it. Unchanged when no trace is active or no SDK is running (the
 * API's propagator is a no-op then).
 */
export function withTraceContext(meta: EventMeta = {}, ctx: Context = context.active()): EventMeta {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  if (!carrier.traceparent) return meta;
  return { ...meta, ...carrier };
}

/** The trace-context fields of an event's meta, as strings (for Kafka headers); empty when it has none. */
export function traceHeaders(meta: EventMeta | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const field of TRACE_FIELDS) {
    const value = meta?.[field];
    if (typeof value === 'string') headers[field] = value;
  }
  return headers;
}

/** The context an event's meta carries (the producer's span as remote parent); ROOT_CONTEXT when none. */
export function traceContextOf(meta: EventMeta | undefined): Context {
  const headers = traceHeaders(meta);
  return headers.traceparent ? propagation.extract(ROOT_CONTEXT, headers) : ROOT_CONTEXT;
}

/** The events split into consecutive runs with the same traceparent (order kept); one run when none has one. */
export function runsByTrace(events: StoredEvent[]): StoredEvent[][] {
  const runs: StoredEvent[][] = [];
  let last: unknown = Symbol('none');
  for (const event of events) {
    const parent = event.meta?.traceparent;
    if (runs.length === 0 || parent !== last) runs.push([]);
    runs[runs.length - 1]!.push(event);
    last = parent;
  }
  return runs;
}

/** An event store that stamps every appended event's meta with the active trace context. */
export function traceEvents(store: EventStore): EventStore {
  const append = (streamId: string, expected: ExpectedVersion, events: NewEvent[]): Promise<AppendResult> =>
    store.append(
      streamId,
      expected,
      events.map((e) => ({ ...e, meta: withTraceContext(e.meta) })),
    );
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'append') return append;
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The event bus with each delivery handled inside a CONSUMER span whose parent is the context the event carries,
 * so a consumer's work (and the events it appends) joins the trace of the request that caused the event.
 */
export function traceBus(bus: EventBus): EventBus {
  const subscribe: EventBus['subscribe'] = (group, topics, handler, options) => {
    const traced: EventHandler = (event: StoredEvent, topic: string) => {
      const parent = traceContextOf(event.meta);
      return tracer().startActiveSpan(
        `process ${topic}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'messaging.operation.type': 'process',
            'messaging.destination.name': topic,
            'messaging.consumer.group.name': group,
            'messaging.message.id': event.id,
            'event.type': event.type,
          },
        },
        parent === ROOT_CONTEXT ? context.active() : parent,
        async (span) => {
          try {
            await handler(event, topic);
          } catch (err) {
            span.recordException(err as Error);
            span.setStatus({ code: SpanStatusCode.ERROR });
            throw err;
          } finally {
            span.end();
          }
        },
      );
    };
    return bus.subscribe(group, topics, traced, options);
  };
  return new Proxy(bus, {
    get(target, prop, receiver) {
      if (prop === 'subscribe') return subscribe;
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
