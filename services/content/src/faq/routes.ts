import { Router } from 'express';
import { faqInput } from '@12yards/api';
import {
  NOT_TRASHED,
  parse,
  requireAdmin,
  withVersion,
  type ServiceContext,
  type SortKey,
} from '@12yards/platform';
import { NO_CACHE, NO_STORE } from '../command';
import { itemWriteRoutes } from '../item-routes';
import type { FaqCommand } from './decide';
import { faqStreamId } from './events';
import { faqRows, faqView, type FaqRow } from './projection';
import { trashableFaqDecider } from './trash';

/** sortOrder, then oldest first; the store position breaks ties between FAQs created in the same millisecond. */
const BY_SORT_ORDER: SortKey<FaqRow>[] = [
  { field: 'sortOrder', dir: 'asc' },
  { field: 'createdAt', dir: 'asc' },
  { field: 'order', dir: 'asc' },
];

const adminFaqView = withVersion(faqView);

export function faqRoutes(ctx: ServiceContext): Router {
  const router = Router();
  const rows = faqRows(ctx.infra.readModels);

  router.get('/api/faqs', async (_req, res) => {
    const list = await rows.find({ where: { isActive: true, ...NOT_TRASHED }, sort: BY_SORT_ORDER });
    res.set('Cache-Control', NO_CACHE).json(list.map(faqView));
  });

  router.get('/api/admin/faqs', requireAdmin(ctx.env.INTERNAL_SECRET), async (_req, res) => {
    const list = await rows.find({ where: NOT_TRASHED, sort: BY_SORT_ORDER });
    res.set('Cache-Control', NO_STORE).json(list.map(adminFaqView));
  });

  router.use(
    itemWriteRoutes(ctx, {
      path: '/api/admin/faqs',
      rows,
      streamId: faqStreamId,
      decider: trashableFaqDecider,
      name: 'FAQ',
      fields: (body) => parse(faqInput, body),
      create: (id, fields, at): FaqCommand => ({ type: 'CreateFaq', id, fields, at }),
      update: (id, fields, at): FaqCommand => ({ type: 'UpdateFaq', id, fields, at }),
      view: adminFaqView,
    }),
  );

  return router;
}
