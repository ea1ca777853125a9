import type { Router } from 'express';
import type { FaqFields } from '@12yards/api';
import { contentRoutes as routes } from '@12yards/api/src/routes/content';
import { contractRoutes, withVersion, type ServiceContext, type SortKey } from '@12yards/platform';
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
  const contracted = contractRoutes(ctx.env.INTERNAL_SECRET);
  const rows = faqRows(ctx.infra.readModels);

  sortedListRoutes(contracted, {
    routes: { public: routes.faqList, admin: routes.faqAdminList },
    rows,
    sort: BY_SORT_ORDER,
    publicView: faqView,
    adminView: adminFaqView,
  });
  itemWriteRoutes(ctx, contracted, {
    routes: { create: routes.faqCreate, update: routes.faqUpdate, remove: routes.faqDelete },
    rows,
    streamId: faqStreamId,
    decider: trashableFaqDecider,
    name: 'FAQ',
    fields: (input: FaqFields) => input,
    create: (id, fields, at): FaqCommand => ({ type: 'CreateFaq', id, fields, at }),
    update: (id, fields, at): FaqCommand => ({ type: 'UpdateFaq', id, fields, at }),
    view: adminFaqView,
  });

  return contracted.router;
}
