import { NotFound, runCommand, type JobWorker, type ServiceContext } from '@12yards/platform';
import { NOT_TRASHED } from '@12yards/workbench';
import { newsStreamId } from './events';
import { newsRows } from './projection';
import { trashableNewsDecider } from './trash';

/** The queue of scheduled articles: one job per article and publish date, run at that date. */
export const GO_LIVE_JOB = 'news.go-live';

interface GoLiveJob {
  articleId: string;
  publishDate: string;
}

/** The job's id names the article and the date, so a moved date is a new job and the old one finds nothing to do. */
export const goLiveJobId = ({ articleId, publishDate }: GoLiveJob) =>
  `news-go-live-${articleId}-${Date.parse(publishDate)}`;

type JobsContext = ServiceContext<'jobs'>;

/**
 * Queues the article's go-live for its publish date. The delay is counted on the service's clock (the real one in
 * production; a test's moved clock otherwise). The same article and date again adds nothing, so a repeated save or
 * the start-up catch-up may call it freely.
 */
async function queueGoLive(ctx: JobsContext, job: GoLiveJob) {
  const waitMs = Date.parse(job.publishDate) - ctx.clock().getTime();
  await ctx.infra.jobs.enqueue(GO_LIVE_JOB, job, {
    jobId: goLiveJobId(job),
    runAt: new Date(Date.now() + waitMs),
    attempts: 5,
    backoffMs: 1000,
  });
}

/** After a write: an article published with a date still to come goes live by a job at that date. */
export async function scheduleGoLive(
  ctx: JobsContext,
  article: { id: string; published: boolean; publishDate: string },
): Promise<void> {
  if (article.published && Date.parse(article.publishDate) > ctx.clock().getTime()) {
    await queueGoLive(ctx, { articleId: article.id, publishDate: article.publishDate });
  }
}

/**
 * Appends NewsArticleWentLive (actor "scheduler") when the article still waits for this date; the decider decides
 * nothing for a moved date, a draft, a deleted article or one already live, so a repeated run is harmless.
 * Answers whether it went live now.
 */
async function goLive(ctx: JobsContext, job: GoLiveJob, at: Date): Promise<boolean> {
  const command = {
    type: 'MarkNewsArticleLive',
    id: job.articleId,
    publishDate: job.publishDate,
    at,
  } as const;
  try {
    const { events } = await runCommand(ctx, newsStreamId(job.articleId), trashableNewsDecider, command, {
      meta: { actor: 'scheduler' },
    });
    return events.length > 0;
  } catch (err) {
    if (err instanceof NotFound) return false; // in the trash: restoring it shows it, by its own event
    throw err;
  }
}

class NotDueYet extends Error {}

/**
 * Runs the go-live jobs in this process, then catches up on the articles that waited for their date while no job
 * was queued or run (the service down at that time, a queue emptied): every published article whose date came after
 * its last change goes live now when its date has come, or gets its job.
 */
export async function startGoLive(ctx: JobsContext): Promise<JobWorker> {
  const worker = await ctx.infra.jobs.worker<GoLiveJob, boolean>(GO_LIVE_JOB, async (job) => {
    const at = ctx.clock();
    // Timers (and clocks of other hosts) may fire a little early: a try before the date is retried after its backoff.
    if (Date.parse(job.publishDate) > at.getTime()) throw new NotDueYet(`not due before ${job.publishDate}`);
    return goLive(ctx, job, at);
  });
  const published = await newsRows(ctx.infra.readModels).find({ where: { published: true, ...NOT_TRASHED } });
  for (const row of published) {
    // Waiting for its date since its last change (a write or NewsArticleWentLive moves updatedAt).
    if (row.publishDate <= row.updatedAt) continue;
    const job: GoLiveJob = { articleId: row.id, publishDate: row.publishDate };
    const at = ctx.clock();
    await (Date.parse(row.publishDate) <= at.getTime() ? goLive(ctx, job, at) : queueGoLive(ctx, job));
  }
  return worker;
}
