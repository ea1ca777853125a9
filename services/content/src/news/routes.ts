import { Router } from 'express';
import { adminNewsListQuery, newsInput, newsListQuery, type NewsFields } from '@12yards/api';
import {
  findPage,
  NOT_TRASHED,
  parse,
  requireAdmin,
  withVersion,
  type ServiceContext,
} from '@12yards/platform';
import { NO_CACHE, NO_STORE } from '../command';
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
  const router = Router();
  const rows = newsRows(ctx.infra.readModels);
  const secret = ctx.env.INTERNAL_SECRET;

  // Public: published articles whose publishDate has come, newest first, one page at a time.
  router.get('/api/news', async (req, res) => {
    const { category, q, fields, ...page } = parse(newsListQuery, req.query);
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
    res.set('Cache-Control', NO_CACHE).json(list.map(fields === 'summary' ? newsSummary : newsView));
  });

  // Admin: every article, drafts and scheduled ones too, newest first, one page at a time.
  // scheduled=true: only the published ones still to go live (what the dashboard's figure counts).
  router.get('/api/admin/news', requireAdmin(secret), async (req, res) => {
    const { category, q, fields, scheduled, ...page } = parse(adminNewsListQuery, req.query);
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
    res
      .set('Cache-Control', NO_STORE)
      .json(list.map(fields === 'summary' ? adminNewsSummary : adminNewsView));
  });

  router.use(
    itemWriteRoutes(ctx, {
      path: '/api/admin/news',
      createPath: '/api/news',
      rows,
      streamId: newsStreamId,
      decider: trashableNewsDecider,
      name: 'news article',
      fields: (body) => toDraft(parse(newsInput, body)),
      create: (id, fields, at): NewsCommand => ({ type: 'CreateNewsArticle', id, fields, at }),
      update: (id, fields, at): NewsCommand => ({ type: 'UpdateNewsArticle', id, fields, at }),
      view: adminNewsView,
      // One published for a date to come gets its go-live job (also when the save changed nothing, so saving
      // again mends a job the queue refused).
      afterWrite: (row) => scheduleGoLive(ctx, row),
    }),
  );

  return router;
}
