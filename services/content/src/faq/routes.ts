import { Router } from 'express';
import { faqInput } from '@12yards/api';
import { parse, withVersion, type ServiceContext, type SortKey } from '@12yards/platform';
import { itemWriteRoutes, sortedListRoutes } from '../item-routes';
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

  router.use(
    sortedListRoutes(ctx, {
      publicPath: '/api/faqs',
      adminPath: '/api/admin/faqs',
      rows,
      sort: BY_SORT_ORDER,
      publicView: faqView,
      adminView: adminFaqView,
    }),
  );
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
