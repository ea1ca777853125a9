// Issue 18: one trace from the admin's POST through the gateway, the contracts service, the bus and the partners
// consumer, on the embedded stack, with the spans kept in memory.
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import http from 'node:http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import request from 'supertest';
import { startTracing } from '@12yards/platform/src/observability/tracing/sdk';
import type { Stack } from '@12yards/gateway/testing';
import { startPartnersAndContracts, validContract } from './helpers';

const application = {
  name: 'Traced Applicant',
  email: 'traced@fans.example',
  type: 'club',
  organization: 'Traced Fans Club',
  position: 'Chair',
  message: 'We would like to partner',
};

describe('one trace across the bus [embedded]', () => {
  jest.setTimeout(60_000);
  const exporter = new InMemorySpanExporter();
  const sdk = startTracing({ serviceName: 'stack', exporter, immediate: true });
  // Jest loads modules in a sandbox the SDK's require hook never sees, so node:http is patched here directly, as
  // the hook patches it in a real process (where register.ts runs first).
  for (const def of new HttpInstrumentation().getModuleDefinitions())
    if (def.name === 'http') def.patch?.(http, process.versions.node);
  let stack: Stack;
  beforeAll(async () => {
    stack = await startPartnersAndContracts();
  });
  afterAll(async () => {
    await stack?.stop();
    await sdk.shutdown();
  });

  const spans = () => exporter.getFinishedSpans();
  const portOf = (url: string) => Number(new URL(url).port);
  const serverSpan = (s: ReadableSpan, method: string, path: string) =>
    s.kind === SpanKind.SERVER &&
    s.attributes['http.request.method'] === method &&
    s.attributes['url.path'] === path;

  it('When an admin creates a contract, then the gateway span, the contracts span and the partners consumer span share one trace id', async () => {
    const { agent, csrf } = await stack.login();
    const applied = await request(stack.app).post('/api/partners').send(application).expect(201);
    const partnerId = applied.body.id as string;
    exporter.reset();

    await agent
      .post('/api/admin/contracts')
      .set('X-CSRF-Token', csrf)
      .send(validContract(partnerId))
      .expect(201);

    const consumer = async () => {
      for (let i = 0; i < 200; i++) {
        const found = spans().find(
          (s) =>
            s.kind === SpanKind.CONSUMER &&
            s.attributes['messaging.consumer.group.name'] === 'partners' &&
            s.attributes['event.type'] === 'ContractCreated',
        );
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no partners consumer span; spans: ${spans().map((s) => s.name)}`);
    };
    const partnersConsumer = await consumer();

    const contractsPort = portOf(stack.urls.CONTRACTS_URL!);
    const posts = spans().filter((s) => serverSpan(s, 'POST', '/api/admin/contracts'));
    // The gateway proxies the POST to the contracts service: gateway server span -> its client span to the
    // contracts port -> the contracts service's server span.
    const proxied = spans().find(
      (s) => s.kind === SpanKind.CLIENT && s.attributes['server.port'] === contractsPort,
    );
    const gateway = posts.find((s) => s.spanContext().spanId === proxied?.parentSpanContext?.spanId);
    const contracts = posts.find((s) => s.parentSpanContext?.spanId === proxied?.spanContext().spanId);
    expect(posts).toHaveLength(2);
    expect(gateway).toBeDefined();
    expect(contracts).toBeDefined();
    expect(gateway!.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(contracts!.spanContext().traceId).toBe(gateway!.spanContext().traceId);
    expect(partnersConsumer.spanContext().traceId).toBe(gateway!.spanContext().traceId);

    // The promotion the consumer appended carries the same trace onwards.
    const promoted = (await stack.services.partners!.ctx.infra.eventStore.readAll(0)).find(
      (e) => e.type === 'PartnerPromoted',
    );
    expect(String(promoted?.meta.traceparent)).toContain(gateway!.spanContext().traceId);
  });
});
