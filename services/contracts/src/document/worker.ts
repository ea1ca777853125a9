import type { JobWorker, ObjectStore, ServiceContext } from '@12yards/platform';
import {
  documentJobHandler,
  DOCUMENT_JOB,
  type DocumentJobData,
  type DocumentJobResult,
  type DocumentLimits,
} from './job';
import { DEFAULT_ZIP_LIMITS } from '../template/zip-limits';
import { DEFAULT_RENDER_LIMITS } from './bounded-render';

/** The document worker on the JobQueue port: in the service's process (embedded) or in src/worker.ts (production). */
export function startDocumentWorker(
  ctx: Pick<ServiceContext<'jobs' | 'objects'>, 'infra' | 'logger' | 'projector' | 'clock'>,
  objects: ObjectStore = ctx.infra.objects,
  concurrency = 2,
  limits: DocumentLimits = { zip: DEFAULT_ZIP_LIMITS, render: DEFAULT_RENDER_LIMITS },
): Promise<JobWorker> {
  const handler = documentJobHandler({
    models: ctx.infra.readModels,
    objects,
    limits,
    site: ctx,
    clock: ctx.clock,
  });
  return ctx.infra.jobs.worker<DocumentJobData, DocumentJobResult>(
    DOCUMENT_JOB,
    async (data, job) => {
      try {
        return await handler(data, job);
      } catch (err) {
        ctx.logger.warn(
          { err, jobId: job.jobId, attempt: job.attempt },
          'contract document job failed; the queue retries it',
        );
        throw err;
      }
    },
    { concurrency },
  );
}
