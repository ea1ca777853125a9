import { z } from 'zod';
import { DEFAULT_RENDER_LIMITS } from './document/bounded-render';
import type { DocumentLimits } from './document/job';
import { DEFAULT_EXPIRY_SWEEP_MS } from './options';
import { DEFAULT_ZIP_LIMITS } from './template/zip-limits';

/** An empty variable counts as unset (VAR= in a compose file or a shell), so its default applies. */
const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

const MB = 1024 * 1024;
const int = (min: number, max: number, fallback: number) =>
  blankAsUnset(z.coerce.number().int().min(min).max(max).default(fallback));

/** Bounds of contract documents, read by the service (uploads, in-process worker) and by src/worker.ts. */
export const documentLimitsEnv = z.object({
  /** A .docx template may hold this much unzipped (all files together), in MB. */
  CONTRACT_TEMPLATE_MAX_UNZIPPED_MB: int(1, 1024, DEFAULT_ZIP_LIMITS.maxExpandedBytes / MB),
  /** ... and at most this many files. */
  CONTRACT_TEMPLATE_MAX_FILES: int(10, 100_000, DEFAULT_ZIP_LIMITS.maxEntries),
  /** Heap of the thread filling one document, in MB. */
  CONTRACT_RENDER_MEMORY_MB: int(32, 16_384, DEFAULT_RENDER_LIMITS.memoryMb),
  /** Time one document may take to fill, in ms. */
  CONTRACT_RENDER_TIMEOUT_MS: int(1_000, 600_000, DEFAULT_RENDER_LIMITS.timeoutMs),
});

export const documentLimits = (env: z.output<typeof documentLimitsEnv>): DocumentLimits => ({
  zip: {
    maxExpandedBytes: env.CONTRACT_TEMPLATE_MAX_UNZIPPED_MB * MB,
    maxEntries: env.CONTRACT_TEMPLATE_MAX_FILES,
  },
  render: { memoryMb: env.CONTRACT_RENDER_MEMORY_MB, timeoutMs: env.CONTRACT_RENDER_TIMEOUT_MS },
});

/**
 * The contracts service's own environment variables, on top of what every service reads (serviceEnv). Read with the
 * platform's loadConfig: a bad value stops the process with one line naming the variable.
 */
export const contractsEnv = z
  .object({
    /**
     * in-process: the document worker runs in the service; external: src/worker.ts runs it; auto (default): in the
     * service when the job queue is embedded (SQLite), outside it when it is BullMQ.
     */
    DOCUMENT_WORKER: blankAsUnset(z.enum(['in-process', 'external', 'auto']).default('auto')),
    /** How often contracts past their end date are ended (also once at start), in ms. Default 1 hour. */
    /** The partners service's internal URL: a partner this service's view has not heard of yet is asked for there. */
    PARTNERS_URL: blankAsUnset(z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8103')),
    CONTRACT_EXPIRY_SWEEP_MS: blankAsUnset(
      z.coerce.number().int().min(1_000).max(2_147_483_647).default(DEFAULT_EXPIRY_SWEEP_MS),
    ),
  })
  .extend(documentLimitsEnv.shape);
export type ContractsEnv = z.output<typeof contractsEnv>;

/** The document worker process's own variables (src/worker.ts). */
export const workerEnv = z
  .object({
    DOCUMENT_WORKER_CONCURRENCY: blankAsUnset(z.coerce.number().int().min(1).max(64).default(2)),
    /** The worker's own /healthz and /readyz (for the orchestrator's probes); it serves nothing else. */
    WORKER_HEALTH_PORT: blankAsUnset(z.coerce.number().int().min(1).max(65_535).default(8106)),
  })
  .extend(documentLimitsEnv.shape);
