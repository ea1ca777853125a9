import { contentInsights, type ContentInsights } from '@12yards/api';
import { type ReadModels, type ServiceContext } from '@12yards/platform';
import { insightsRoutes } from '@12yards/workbench';
import { articleStates } from './projection';

/** Published news articles (not in the trash) whose publish date was still ahead at the end of `at` (null: now). */
export async function contentInsightsAt(
  models: ReadModels,
  at: Date | null,
  now: Date,
): Promise<ContentInsights> {
  const moment = (at ?? now).toISOString();
  const scheduledArticles = await articleStates.count(models, at, {
    published: true,
    trashed: false,
    publishDate: { $gt: moment },
  });
  return { scheduledArticles };
}

export const contentInsightsRoutes = (ctx: ServiceContext) =>
  insightsRoutes(ctx, contentInsights, (at, now) => contentInsightsAt(ctx.infra.readModels, at, now));
