// First: the OpenTelemetry SDK (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch modules before they load.
import '@12yards/platform/src/observability/tracing/register';
import { loadConfig, runService } from '@12yards/platform';
import { contractsEnv, documentLimits } from './config';
import { createContractsService } from './definition';

// DOCUMENT_WORKER=external leaves document jobs to src/worker.ts; by default the worker runs in this process when
// the job queue is embedded (SQLite) and outside it when it is BullMQ. A bad value stops here, naming the variable.
const config = loadConfig(contractsEnv);
void runService(
  createContractsService({
    inProcessWorker: config.DOCUMENT_WORKER === 'auto' ? undefined : config.DOCUMENT_WORKER === 'in-process',
    expirySweepMs: config.CONTRACT_EXPIRY_SWEEP_MS,
    partnersUrl: config.PARTNERS_URL,
    limits: documentLimits(config),
  }),
);
