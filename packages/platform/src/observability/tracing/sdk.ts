import type { IncomingMessage } from 'node:http';
import type { Span } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { redactUrl } from '../log-format';

/** Probes and scrapes: frequent, and no one wants a trace of them. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The attributes of an HTTP span that may hold a request's query string (stable and older semantic conventions). */
const URL_ATTRIBUTES = ['url.full', 'url.query', 'http.url', 'http.target'] as const;

/**
 * Redacts the values of credential and email query parameters in an HTTP span's URL attributes, as the logs do: a
 * privacy export's `?email=` (the gateway's request and its calls to the services) would otherwise keep a person's
 * email in the tracing backend after their erasure (issue 26).
 */
export function redactSpanUrls(span: Span): void {
  const attributes = (span as unknown as { attributes?: Record<string, unknown> }).attributes;
  if (!attributes) return;
  for (const name of URL_ATTRIBUTES) {
    const value = attributes[name];
    if (typeof value !== 'string') continue;
    const redacted = name === 'url.query' ? redactUrl(`?${value}`).slice(1) : redactUrl(value);
    if (redacted !== value) span.setAttribute(name, redacted);
  }
}

export interface TracingOptions {
  serviceName: string;
  exporter: SpanExporter;
  /** Export each span as it ends (tests) instead of in batches. */
  immediate?: boolean;
}

/**
 * Starts the OpenTelemetry SDK: W3C trace-context propagation, spans of incoming and outgoing HTTP, Express
 * routes, MongoDB (mongoose's driver), ioredis (BullMQ, rate limits) and kafkajs, exported by `exporter`.
 * Must run before those modules are first required (see register.ts).
 */
export function startTracing(options: TracingOptions): NodeSDK {
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    // Spans only: metrics are scraped from /metrics (prom-client), logs go to stdout. Without these empty lists the
    // SDK would also post OTLP metrics and set up a log exporter from the environment.
    metricReaders: [],
    logRecordProcessors: [],
    spanProcessors: [
      options.immediate
        ? new SimpleSpanProcessor(options.exporter)
        : new BatchSpanProcessor(options.exporter),
    ],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: IncomingMessage) =>
          UNTRACED_PATHS.has((req.url ?? '').split('?')[0] ?? ''),
        requestHook: redactSpanUrls,
      }),
      // No span per Express layer: a span for each of the dozen middlewares a request passes cut throughput by 3,
      // and router spans were misnamed (Express 5); the instrumentation still names the HTTP span by its route.
      new ExpressInstrumentation({
        ignoreLayersType: [
          ExpressLayerType.MIDDLEWARE,
          ExpressLayerType.REQUEST_HANDLER,
          ExpressLayerType.ROUTER,
        ],
      }),
      new MongoDBInstrumentation(),
      new IORedisInstrumentation(),
      new KafkaJsInstrumentation(),
    ],
  });
  sdk.start();
  return sdk;
}
