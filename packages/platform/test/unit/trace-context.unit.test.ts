// Issue 18: the trace context travels in event metadata (and from there in Kafka headers), and logs name the trace.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { createLogger, openSqlite, SqliteEventStore, type StoredEvent } from '../../src';
import { startTracing } from '../../src/observability/tracing/sdk';
import {
  runsByTrace,
  traceContextOf,
  traceEvents,
  traceHeaders,
  withTraceContext,
} from '../../src/observability/tracing/propagation';

describe('trace context in event metadata', () => {
  const exporter = new InMemorySpanExporter();
  const sdk = startTracing({ serviceName: 'unit', exporter, immediate: true });
  const tracer = trace.getTracer('test');
  const dir = mkdtempSync(join(tmpdir(), '12yards-trace-'));
  afterAll(async () => {
    await sdk.shutdown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('When an event is appended inside a span, then its stored meta carries the traceparent and reading it back gives that span as parent', async () => {
    const db = openSqlite(join(dir, 'events.sqlite'));
    const store = traceEvents(new SqliteEventStore(db));
    const span = tracer.startSpan('POST /api/admin/contracts');
    await context.with(trace.setSpan(context.active(), span), () =>
      store.append('contract-1', 'no_stream', [
        { type: 'ContractCreated', data: { id: '1' }, meta: { actor: 'ops', requestId: 'r1' } },
      ]),
    );
    span.end();

    const [stored] = await store.readAll(0);
    const { traceId, spanId } = span.spanContext();
    expect(stored!.meta).toMatchObject({
      actor: 'ops',
      requestId: 'r1',
      traceparent: `00-${traceId}-${spanId}-01`,
    });
    const parent = trace.getSpanContext(traceContextOf(stored!.meta));
    expect(parent).toMatchObject({ traceId, spanId, isRemote: true });
    // What a Kafka message carries in its headers for the same event.
    expect(traceHeaders(stored!.meta)).toEqual({ traceparent: `00-${traceId}-${spanId}-01` });
    db.close();
  });

  it('When no span is active, then the meta is left as it was and carries no trace', () => {
    const meta = { actor: 'ops' };
    expect(withTraceContext(meta, ROOT_CONTEXT)).toBe(meta);
    expect(traceContextOf(meta)).toBe(ROOT_CONTEXT);
    expect(traceHeaders(meta)).toEqual({});
  });

  it('When a batch mixes traces, then it is split into consecutive runs in the same order', () => {
    const event = (id: string, traceparent?: string) =>
      ({ id, meta: traceparent ? { traceparent } : {} }) as StoredEvent;
    const runs = runsByTrace([event('1', 'a'), event('2', 'a'), event('3', 'b'), event('4'), event('5')]);
    expect(runs.map((run) => run.map((e) => e.id))).toEqual([['1', '2'], ['3'], ['4', '5']]);
    expect(runsByTrace([event('1'), event('2')])).toHaveLength(1);
  });

  it('When a line is logged inside a span, then it carries trace_id and span_id; outside, neither', () => {
    const lines: string[] = [];
    const logger = createLogger('test', 'info', { write: (line: string) => void lines.push(line) });
    const span = tracer.startSpan('work');
    context.with(trace.setSpan(context.active(), span), () => logger.info('inside'));
    span.end();
    logger.info('outside');
    const [inside, outside] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(inside).toMatchObject({
      trace_id: span.spanContext().traceId,
      span_id: span.spanContext().spanId,
    });
    expect(outside).not.toHaveProperty('trace_id');
  });
});
