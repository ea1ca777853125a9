// The contract document worker as its own process (production: BullMQ on Redis, `node dist/worker.js`).
// It reads the contracts service's read models, writes documents to the object store and appends
// ContractDocumentGenerated to the contract's stream (the same store as the service's); the service enqueues.
// First: the OpenTelemetry SDK (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch modules before they load.
import '@12yards/platform/src/observability/tracing/register';
import {
  createInfrastructure,
  createLogger,
  flushTracing,
  loadConfig,
  Projector,
  secretOf,
  serviceEnv,
  withPersonalData,
} from '@12yards/platform';
import { contractsPersonalData } from './personal-data';
import { documentLimits, workerEnv } from './config';
import { startDocumentWorker } from './document/worker';
import { contractsProjections } from './projections';
import { instrumentWorker, serveWorkerHealth, workerReadiness } from './worker-health';

async function main() {
  // One schema for everything the worker reads: a bad value stops it with one line per variable, before any I/O.
  const config = loadConfig(serviceEnv(8104).partial({ INTERNAL_SECRET: true }).extend(workerEnv.shape));
  const concurrency = config.DOCUMENT_WORKER_CONCURRENCY;
  const logger = createLogger('contracts-worker');
  const infra = await createInfrastructure('contracts', config, logger, { uses: ['jobs', 'objects'] });
  // The same store as the service's, seen the same way: the clients' fields encrypted with their keys.
  infra.eventStore = withPersonalData(infra.eventStore, infra.subjectKeys, contractsPersonalData, () =>
    secretOf(config),
  ).store;
  // The worker runs the jobs, so their durations and failures are measured here and served on its health port.
  const metrics = instrumentWorker(infra);
  // A generated document is appended to the contract's stream here, and the shared read models catch up here too
  // (the row's version is the ETag of the next edit); the service's outbox relay publishes it at its next poll.
  const projector = new Projector(infra.eventStore, infra.readModels, contractsProjections, logger);
  const worker = await startDocumentWorker(
    { infra, logger, projector, clock: () => new Date() },
    infra.objects,
    concurrency,
    documentLimits(config),
  );
  // A port that cannot be bound stops the worker loudly (the orchestrator would otherwise never see it healthy).
  const health = await serveWorkerHealth(
    { port: config.WORKER_HEALTH_PORT, host: config.HOST, readiness: workerReadiness(infra), metrics },
    logger,
  );
  logger.info(
    { jobs: infra.kind.jobs, concurrency, healthPort: config.WORKER_HEALTH_PORT },
    'contract document worker started',
  );
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    health.close();
    await worker.close();
    await infra.close();
    await flushTracing();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
