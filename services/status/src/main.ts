// First: the OpenTelemetry SDK (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch modules before they load.
import '@12yards/platform/src/observability/tracing/register';
import { runService } from '@12yards/platform';
import { statusService } from './definition';

void runService(statusService);
