// The contract document worker as its own process (production: BullMQ on Redis, `node dist/worker.js`).
// It reads the contracts service's read models and writes documents to the object store; the service enqueues.
import { createInfrastructure, createLogger, loadConfig, serviceEnv } from '@12yards/platform';
import { startDocumentWorker } from './document/worker';

async function main() {
  const env = loadConfig(serviceEnv(8104).partial({ INTERNAL_SECRET: true }));
  const logger = createLogger('contracts-worker');
  const infra = await createInfrastructure('contracts', env, logger);
  const concurrency = Number(process.env.DOCUMENT_WORKER_CONCURRENCY ?? 2) || 2;
  const worker = await startDocumentWorker({ infra, logger }, infra.objects, concurrency);
  logger.info({ jobs: infra.kind.jobs, concurrency }, 'contract document worker started');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await worker.close();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
