// Imported first by every process's entry point (gateway, services, the contracts worker), before the modules the
// SDK instruments. With OTEL_EXPORTER_OTLP_ENDPOINT set, spans go there as OTLP over HTTP (protobuf); without it
// nothing is loaded or patched, so tracing costs nothing.
import { basename, dirname } from 'node:path';
import { flushTracing, setTracingShutdown } from './lifecycle';

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;

/** `services/partners/dist/main.js` -> partners, `gateway/dist/main.js` -> gateway, `.../worker.js` -> contracts-worker. */
function processName(entry = process.argv[1] ?? 'node'): string {
  const workspace = basename(dirname(dirname(entry)));
  const file = basename(entry).replace(/\.[cm]?[jt]s$/, '');
  return file === 'main' ? workspace : `${workspace}-${file}`;
}

if (endpoint) {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
  const { startTracing } = require('./sdk') as typeof import('./sdk');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-proto') as typeof import('@opentelemetry/exporter-trace-otlp-proto');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sdk = startTracing({
    serviceName: process.env.OTEL_SERVICE_NAME ?? processName(),
    // Reads OTEL_EXPORTER_OTLP_ENDPOINT (and _HEADERS, _TIMEOUT) itself and posts to <endpoint>/v1/traces.
    exporter: new OTLPTraceExporter(),
  });
  // Spans still in the batch are sent when the process ends on its own, or by flushTracing() before an exit.
  setTracingShutdown(() => sdk.shutdown());
  process.once('beforeExit', () => void flushTracing());
}
