import type { Response, Router } from 'express';
import type { ContractDocumentJob } from '@12yards/api';
import { contractsRoutes as routes } from '@12yards/api/src/routes/contracts';
import {
  contractRoutes as bindRoutes,
  JobFailed,
  NotFound,
  NotReady,
  Unprocessable,
  requestMeta,
  type JobInfo,
  type ServiceContext,
} from '@12yards/platform';
import { contractRows } from '../contract/projection';
import { isoDay, type ResolvedOptions } from '../options';
import { DOCUMENT_JOB, type DocumentJobData, type DocumentJobResult } from './job';

/** Why a job failed for good (its handler's last error, or its worker dying on the last try), for people. */
const failedMessage = (info: JobInfo) => `Document generation failed: ${info.error ?? 'unknown error'}`;

const statusUrl = (jobId: string) => `/api/admin/contracts/jobs/${encodeURIComponent(jobId)}`;

/** The job as the API shows it: a job that completed with a template problem counts as failed. */
function jobView(info: JobInfo<DocumentJobResult>): ContractDocumentJob {
  const base = { jobId: info.id, attemptsMade: info.attemptsMade, statusUrl: statusUrl(info.id) };
  if (info.state === 'completed' && info.result?.ok)
    return { ...base, state: 'completed', downloadUrl: `${statusUrl(info.id)}/download` };
  if (info.state === 'completed' && info.result && !info.result.ok) {
    const { code, message, details } = info.result.error;
    return { ...base, state: 'failed', error: { code, message, details } };
  }
  if (info.state === 'failed') {
    return {
      ...base,
      state: 'failed',
      error: { code: 'job_failed', message: failedMessage(info), details: info.error },
    };
  }
  return { ...base, state: info.state };
}

export function documentRoutes(ctx: ServiceContext<'jobs' | 'objects'>, options: ResolvedOptions): Router {
  const { infra } = ctx;
  const { router, on } = bindRoutes(ctx.env.INTERNAL_SECRET);

  /** Sends the finished document, or the error the job ended with. */
  async function sendDocument(info: JobInfo<DocumentJobResult>, res: Response) {
    res.set('X-Job-Id', info.id); // on failures too: the job can be looked up
    if (info.state === 'completed' && info.result?.ok) {
      const object = await infra.objects.get(info.result.objectKey);
      if (!object) throw new NotFound('The generated document is no longer stored; generate it again');
      res.set('X-Job-Id', info.id);
      res.attachment(info.result.fileName);
      res.type(object.info.contentType);
      res.set('Content-Length', String(object.info.size));
      object.body.on('error', (err) => res.destroy(err));
      object.body.pipe(res);
      return;
    }
    if (info.state === 'completed' && info.result && !info.result.ok) {
      // The job ends so only when the contract is gone (404) or the template cannot be used (422).
      const { status, code, message, details } = info.result.error;
      if (status === 404) throw new NotFound(message, details);
      throw new Unprocessable(message, details, { code });
    }
    if (info.state === 'failed') {
      throw new JobFailed(failedMessage(info), { attempts: info.attemptsMade, error: info.error });
    }
    res.status(202).location(statusUrl(info.id)).json(jobView(info));
  }

  async function findJob(jobId: string): Promise<JobInfo<DocumentJobResult>> {
    const info = await infra.jobs.get<DocumentJobResult>(jobId);
    if (!info || info.name !== DOCUMENT_JOB) throw new NotFound(`No document job with id ${jobId}`);
    return info;
  }

  on(routes.documentGenerate, async ({ params, req, res }) => {
    const contractId = params.id;
    if (!(await contractRows(infra.readModels).get(contractId)))
      throw new NotFound(`No contract with id ${contractId}`);
    const data: DocumentJobData = { contractId, today: isoDay(ctx.clock()), requestedBy: requestMeta(req) };
    const jobId = await infra.jobs.enqueue(DOCUMENT_JOB, data, { attempts: 3, backoffMs: 500 });
    req.log.info({ jobId, contractId }, 'contract document job enqueued');
    res.set('X-Job-Id', jobId); // also on an error while waiting (the queue gone): the job can be looked up later
    await sendDocument(await infra.jobs.waitFor<DocumentJobResult>(jobId, options.jobWaitMs), res);
  });

  on(routes.documentJob, async ({ params }) => ({
    status: 200,
    body: jobView(await findJob(params.jobId)),
  }));

  on(routes.documentDownload, async ({ params, res }) => {
    const info = await findJob(params.jobId);
    if (info.state !== 'completed' && info.state !== 'failed') {
      throw new NotReady('The document is not ready yet', jobView(info));
    }
    await sendDocument(info, res);
  });

  return router;
}
