import type { ObjectStore } from '@12yards/platform';
import { DEFAULT_RENDER_LIMITS, type RenderLimits } from './document/bounded-render';
import type { DocumentLimits } from './document/limits';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './template/zip-limits';

/** Knobs of the contracts service; the defaults are production's, tests shorten the waits. */
export interface ContractsOptions {
  /** How long POST .../generate-document waits for the job before answering 202. Default 10 s. */
  jobWaitMs?: number;
  /** How long a write waits for a partner the partners service has just created to reach this service's view. */
  partnerWaitMs?: number;
  /**
   * The partners service's internal URL (or a function giving it): a partner this service's view has not heard of
   * yet is asked for there. Unset: the write only waits for the view (partnerWaitMs).
   */
  partnersUrl?: string | (() => string | undefined);
  /** Runs the document worker inside the service (embedded mode). Default: when the job queue is embedded. */
  inProcessWorker?: boolean;
  /** Wraps the object store the document worker writes to (tests inject faults). */
  workerObjects?: (objects: ObjectStore) => ObjectStore;
  /** How often contracts past their end date are ended (also once at start). Default 1 hour. */
  expirySweepMs?: number;
  /** How big a .docx template may be unzipped (checked at upload and before a render) and what a render may use. */
  limits?: { zip?: Partial<ZipLimits>; render?: Partial<RenderLimits> };
}

export const resolveLimits = (l: ContractsOptions['limits'] = {}): DocumentLimits => ({
  zip: { ...DEFAULT_ZIP_LIMITS, ...l.zip },
  render: { ...DEFAULT_RENDER_LIMITS, ...l.render },
});

export const DEFAULT_EXPIRY_SWEEP_MS = 60 * 60 * 1000;

export const resolveOptions = (o: ContractsOptions = {}) => ({
  jobWaitMs: o.jobWaitMs ?? 10_000,
  partnerWaitMs: o.partnerWaitMs ?? 1_000,
  partnersUrl: o.partnersUrl,
  inProcessWorker: o.inProcessWorker,
  workerObjects: o.workerObjects ?? ((objects: ObjectStore) => objects),
  expirySweepMs: o.expirySweepMs ?? DEFAULT_EXPIRY_SWEEP_MS,
  limits: resolveLimits(o.limits),
});
export type ResolvedOptions = ReturnType<typeof resolveOptions>;

/** Today's date (YYYY-MM-DD, UTC) on the service's clock. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
