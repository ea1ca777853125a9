import { runService } from '@12yards/platform';
import { z } from 'zod';
import { createContractsService } from './definition';

// DOCUMENT_WORKER=external leaves document jobs to src/worker.ts; by default the worker runs in this process when
// the job queue is embedded (SQLite) and outside it when it is BullMQ.
const mode = z
  .enum(['in-process', 'external', 'auto'])
  .default('auto')
  .parse(process.env.DOCUMENT_WORKER || undefined);
void runService(
  createContractsService({ inProcessWorker: mode === 'auto' ? undefined : mode === 'in-process' }),
);
