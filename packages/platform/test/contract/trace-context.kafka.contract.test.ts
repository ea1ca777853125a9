// Issue 18: over Kafka, the trace context travels in the message headers (and the event's meta), and the consumer's
// span continues the producer's trace, also when one relay batch holds events of several traces.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { Kafka, logLevel } from 'kafkajs';
import { openSqlite } from '../../src/embedded/sqlite';
import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { OutboxRelay } from '../../src/es/relay';
import { KafkaEventBus } from '../../src/adapters/kafka/kafka-event-bus';
import type { StoredEvent } from '../../src/ports';
import { startTracing } from '../../src/observability/tracing/sdk';
import { traceBus, traceEvents } from '../../src/observability/tracing/propagation';
import { runId, withRealServer } from './real-servers';

withRealServer('kafka', (env) => {
  jest.setTimeout(60_000);
  const brokers = env.KAFKA_BROKERS!.split(',');
  const topic = `trace-${runId}`;
  const exporter = new InMemorySpanExporter();
  const sdk = startTracing({ serviceName: 'kafka-trace', exporter, immediate: true });
  const tracer = trace.getTracer('test');
  const dir = mkdtempSync(join(tmpdir(), '12yards-kafka-trace-'));
  const db = openSqlite(join(dir, 'producer.sqlite'));
  const store = traceEvents(new SqliteEventStore(db));
  const producerBus = new KafkaEventBus({ brokers, clientId: `trace-${runId}` });
  const consumerBus = traceBus(
    new KafkaEventBus({ brokers, clientId: `trace-${runId}-c`, sessionTimeoutMs: 6000 }),
  );
  const relay = new OutboxRelay(store, producerBus, new SqliteReadModels(db), topic);

  afterAll(async () => {
    await consumerBus.close();
    await producerBus.close();
    const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
    db.close();
    rmSync(dir, { recursive: true, force: true });
    await sdk.shutdown();
  });

  it('When events of two requests are relayed in one batch, then each message carries its own traceparent and each consumer span continues its trace', async () => {
    const appendIn = async (name: string, streamId: string, count: number) => {
      const span = tracer.startSpan(name, { kind: SpanKind.SERVER });
      await context.with(trace.setSpan(context.active(), span), () =>
        store.append(
          streamId,
          'any',
          Array.from({ length: count }, (_, i) => ({ type: 'Happened', data: { i } })),
        ),
      );
      span.end();
      return span.spanContext().traceId;
    };
    const first = await appendIn('POST /a', 'a-1', 2);
    const second = await appendIn('POST /b', 'b-1', 1);
    await relay.flush(); // one batch of three events, two traces

    const handled: { event: StoredEvent; traceId?: string }[] = [];
    const sub = await consumerBus.subscribe(`trace-${runId}`, [topic], async (event) => {
      handled.push({ event, traceId: trace.getActiveSpan()?.spanContext().traceId });
    });
    for (let i = 0; i < 600 && handled.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    await sub.stop();

    expect(handled.map((h) => [h.event.streamId, h.traceId])).toEqual(
      expect.arrayContaining([
        ['a-1', first],
        ['a-1', first],
        ['b-1', second],
      ]),
    );
    const consumers = exporter
      .getFinishedSpans()
      .filter((s) => s.kind === SpanKind.CONSUMER && s.attributes['messaging.destination.name'] === topic);
    expect(consumers.map((s) => s.spanContext().traceId).sort()).toEqual([first, first, second].sort());

    // The raw messages: the traceparent header names each event's own trace.
    const raw = new Kafka({ brokers, logLevel: logLevel.NOTHING }).consumer({
      groupId: `trace-raw-${runId}`,
    });
    const headers: Record<string, string> = {};
    await raw.connect();
    await raw.subscribe({ topics: [topic], fromBeginning: true });
    await raw.run({
      eachMessage: async ({ message }) => {
        headers[String(message.headers?.['event-id'])] = String(message.headers?.traceparent);
      },
    });
    for (let i = 0; i < 600 && Object.keys(headers).length < 3; i++)
      await new Promise((r) => setTimeout(r, 50));
    await raw.disconnect();
    for (const { event } of handled) {
      expect(headers[event.id]).toBe(event.meta.traceparent);
      expect(headers[event.id]).toContain(event.streamId === 'a-1' ? first : second);
    }
  });
});
