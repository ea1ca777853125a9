import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { faqInput } from '@12yards/api';
import {
  NOT_TRASHED,
  notFound,
  parse,
  requireAdmin,
  setVersionEtag,
  withVersion,
  type ServiceContext,
  type SortKey,
} from '@12yards/platform';
import { execute, NO_CACHE, NO_STORE } from '../command';
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
  const secret = ctx.env.INTERNAL_SECRET;

  /** Runs the command and answers the FAQ as it now is, its version as ETag. */
  const run = async (req: Request, res: Response, command: FaqCommand) => {
    await execute(ctx, req, faqStreamId(command.id), trashableFaqDecider, command);
    const row = await rows.get(command.id);
    if (!row) throw notFound(`No FAQ with id ${command.id}`);
    setVersionEtag(res, row.version);
    return adminFaqView(row);
  };

  router.get('/api/faqs', async (_req, res) => {
    const list = await rows.find({ where: { isActive: true, ...NOT_TRASHED }, sort: BY_SORT_ORDER });
    res.set('Cache-Control', NO_CACHE).json(list.map(faqView));
  });

  router.get('/api/admin/faqs', requireAdmin(secret), async (_req, res) => {
    const list = await rows.find({ where: NOT_TRASHED, sort: BY_SORT_ORDER });
    res.set('Cache-Control', NO_STORE).json(list.map(adminFaqView));
  });

  router.post('/api/admin/faqs', requireAdmin(secret), async (req, res) => {
    const fields = parse(faqInput, req.body);
    const created = await run(req, res, { type: 'CreateFaq', id: randomUUID(), fields, at: ctx.clock() });
    res.status(201).set('Cache-Control', NO_STORE).json(created);
  });

  router.put('/api/admin/faqs/:id', requireAdmin(secret), async (req, res) => {
    const fields = parse(faqInput, req.body);
    const updated = await run(req, res, {
      type: 'UpdateFaq',
      id: String(req.params.id),
      fields,
      at: ctx.clock(),
    });
    res.set('Cache-Control', NO_STORE).json(updated);
  });

  // Deleting moves the FAQ to the trash (services' /api/admin/trash restores or purges it).
  router.delete('/api/admin/faqs/:id', requireAdmin(secret, 'admin'), async (req, res) => {
    const id = String(req.params.id);
    await execute(ctx, req, faqStreamId(id), trashableFaqDecider, {
      type: 'MoveToTrash',
      id,
      at: ctx.clock(),
    });
    res.status(204).end();
  });

  return router;
}
