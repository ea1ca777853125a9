import type { Router } from 'express';
import type { NewsFields } from '@12yards/api';
import { contentRoutes as routes } from '@12yards/api/src/routes/content';
import { contractRoutes, findPage, withVersion, type ServiceContext } from '@12yards/platform';
import { NOT_TRASHED } from '@12yards/workbench';
import { itemWriteRoutes } from '../item-routes';
import type { NewsArticleDraft, NewsCommand } from './decide';
import { newsStreamId } from './events';
import { scheduleGoLive } from './go-live';
import { NEWS_ORDER, newsRows, newsView } from './projection';
import { trashableNewsDecider } from './trash';

/** An article without its text, for lists that show only the title and excerpt (the home page). */
const newsSummary = (row: Parameters<typeof newsView>[0]) => {
  const { content: _content, ...summary } = newsView(row);
  return summary;
};

/** The parsed form as the events carry it: image null when absent, publishDate as an ISO instant. */
const toDraft = (input: NewsFields): NewsArticleDraft => ({
  title: input.title,
  excerpt: input.excerpt,
  content: input.content,
  category: input.category,
  imageUrl: input.imageUrl ?? null,
  publishDate: input.publishDate ? new Date(input.publishDate).toISOString() : null,
  featured: input.featured,
  published: input.published,
});

const adminNewsView = withVersion(newsView);
const adminNewsSummary = withVersion(newsSummary);

export function newsRoutes(ctx: ServiceContext<'jobs'>): Router {
  const contracted = contractRoutes(ctx.env.INTERNAL_SECRET);
  const { on } = contracted;
  const rows = newsRows(ctx.infra.readModels);

  // Public: published articles whose publishDate has come, newest first, one page at a time.
  on(routes.newsList, async ({ query, req, res }) => {
    const { category, q, fields, ...page } = query;
    const list = await findPage(rows, req, res, {
      where: {
        published: true,
        publishDate: { $lte: ctx.clock().toISOString() },
        ...NOT_TRASHED,
        ...(category !== undefined && { category }),
      },
      sort: [...NEWS_ORDER],
      ...(q && { search: { fields: ['title'], text: q } }),
      page,
    });
    return { status: 200, body: list.map(fields === 'summary' ? newsSummary : newsView) };
  });

  // Admin: every article, drafts and scheduled ones too, newest first, one page at a time.
  // scheduled=true: only the published ones still to go live (what the dashboard's figure counts).
  on(routes.newsAdminList, async ({ query, req, res }) => {
    const { category, q, fields, scheduled, ...page } = query;
    const list = await findPage(rows, req, res, {
      where: {
        ...NOT_TRASHED,
        ...(category !== undefined && { category }),
        ...(scheduled && { published: true, publishDate: { $gt: ctx.clock().toISOString() } }),
      },
      sort: [...NEWS_ORDER],
      ...(q && { search: { fields: ['title'], text: q } }),
      page,
    });
    return { status: 200, body: list.map(fields === 'summary' ? adminNewsSummary : adminNewsView) };
  });

  itemWriteRoutes(ctx, contracted, {
    routes: { create: routes.newsCreate, update: routes.newsUpdate, remove: routes.newsDelete },
    rows,
    streamId: newsStreamId,
    decider: trashableNewsDecider,
    name: 'news article',
    fields: toDraft,
    create: (id, fields, at): NewsCommand => ({ type: 'CreateNewsArticle', id, fields, at }),
    update: (id, fields, at): NewsCommand => ({ type: 'UpdateNewsArticle', id, fields, at }),
    view: adminNewsView,
    // One published for a date to come gets its go-live job (also when the save changed nothing, so saving
    // again mends a job the queue refused).
    afterWrite: (row) => scheduleGoLive(ctx, row),
  });

  return contracted.router;
}
