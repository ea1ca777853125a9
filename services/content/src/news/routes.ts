import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { newsInput, newsListQuery, type NewsFields } from '@12yards/api';
import {
  findPage,
  NOT_TRASHED,
  notFound,
  parse,
  requireAdmin,
  setVersionEtag,
  withVersion,
  type ServiceContext,
} from '@12yards/platform';
import { execute, NO_CACHE, NO_STORE } from '../command';
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

  /**
   * Runs the command and answers the article as it now is, its version as ETag. One published for a date to come
   * gets its go-live job (also when the save changed nothing, so saving again mends a job the queue refused).
   */
  const run = async (req: Request, res: Response, command: NewsCommand) => {
    await execute(ctx, req, newsStreamId(command.id), trashableNewsDecider, command);
    const row = await rows.get(command.id);
    if (!row) throw notFound(`No news article with id ${command.id}`);
    await scheduleGoLive(ctx, row);
    setVersionEtag(res, row.version);
    return adminNewsView(row);
  };

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
  router.get('/api/admin/news', requireAdmin(secret), async (req, res) => {
    const { category, q, fields, ...page } = parse(newsListQuery, req.query);
    const list = await findPage(rows, req, res, {
      where: { ...NOT_TRASHED, ...(category !== undefined && { category }) },
      sort: [...NEWS_ORDER],
      ...(q && { search: { fields: ['title'], text: q } }),
      page,
    });
    res
      .set('Cache-Control', NO_STORE)
      .json(list.map(fields === 'summary' ? adminNewsSummary : adminNewsView));
  });

  router.post('/api/news', requireAdmin(secret), async (req, res) => {
    const fields = toDraft(parse(newsInput, req.body));
    const article = await run(req, res, {
      type: 'CreateNewsArticle',
      id: randomUUID(),
      fields,
      at: ctx.clock(),
    });
    res.status(201).set('Cache-Control', NO_STORE).json(article);
  });

  router.put('/api/admin/news/:id', requireAdmin(secret), async (req, res) => {
    const fields = toDraft(parse(newsInput, req.body));
    const article = await run(req, res, {
      type: 'UpdateNewsArticle',
      id: String(req.params.id),
      fields,
      at: ctx.clock(),
    });
    res.set('Cache-Control', NO_STORE).json(article);
  });

  // Deleting moves the article to the trash (/api/admin/trash restores or purges it).
  router.delete('/api/admin/news/:id', requireAdmin(secret, 'admin'), async (req, res) => {
    const id = String(req.params.id);
    await execute(ctx, req, newsStreamId(id), trashableNewsDecider, {
      type: 'MoveToTrash',
      id,
      at: ctx.clock(),
    });
    res.status(204).end();
  });

  return router;
}
