import { z } from 'zod';
import { DEFAULT_EXPIRY_SWEEP_MS } from './options';

/** An empty variable counts as unset (VAR= in a compose file or a shell), so its default applies. */
const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/**
 * The contracts service's own environment variables, on top of what every service reads (serviceEnv). Read with the
 * platform's loadConfig: a bad value stops the process with one line naming the variable.
 */
export const contractsEnv = z.object({
  /**
   * in-process: the document worker runs in the service; external: src/worker.ts runs it; auto (default): in the
   * service when the job queue is embedded (SQLite), outside it when it is BullMQ.
   */
  DOCUMENT_WORKER: blankAsUnset(z.enum(['in-process', 'external', 'auto']).default('auto')),
  /** How often contracts past their end date are ended (also once at start), in ms. Default 1 hour. */
  CONTRACT_EXPIRY_SWEEP_MS: blankAsUnset(
    z.coerce.number().int().min(1_000).max(2_147_483_647).default(DEFAULT_EXPIRY_SWEEP_MS),
  ),
});
export type ContractsEnv = z.output<typeof contractsEnv>;

/** The document worker process's own variables (src/worker.ts). */
export const workerEnv = z.object({
  DOCUMENT_WORKER_CONCURRENCY: blankAsUnset(z.coerce.number().int().min(1).max(64).default(2)),
});
