import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { newPartnerAction, pageQuery, updatePartnerAction, type PartnerActionCount } from '@12yards/api';
import {
  findPage,
  entityAccess,
  loadState,
  notFound,
  parse,
  requireAdmin,
  type ServiceContext,
} from '@12yards/platform';
import { partnerDecider } from '../partner/decide';
import { partnerStreamId } from '../partner/events';
import { partnerRows } from '../partner/projection';
import { partnerActionDecider, type PartnerActionCommand } from './decide';
import { actionStreamId } from './events';
import { actionCountsAt } from './overdue';
import { actionRows, actionView } from './projection';

export function partnerActionRoutes(ctx: ServiceContext): Router {
  const { infra } = ctx;
  const router = Router();
  const rows = actionRows(infra.readModels);
  const admin = requireAdmin(ctx.env.INTERNAL_SECRET);
  const actions = entityAccess(ctx, {
    rows,
    streamId: actionStreamId,
    decider: partnerActionDecider,
    name: 'action',
  });

  /** Runs the command under the request's If-Match, if any; answers the action with its version (also as ETag). */
  const run = async (req: Request, res: Response, command: PartnerActionCommand) => {
    const row = await actions.writeVersioned(req, res, command);
    return { ...actionView(row, ctx.clock()), version: row.version };
  };

  router.get('/api/admin/partners/:id/actions', admin, async (req, res) => {
    const partnerId = String(req.params.id);
    if (!(await partnerRows(infra.readModels).get(partnerId)))
      throw notFound(`No partner with id ${partnerId}`);
    const page = parse(pageQuery, req.query);
    const list = await findPage(rows, req, res, {
      where: { partnerId },
      sort: [{ field: 'order', dir: 'desc' }],
      page,
    });
    const now = ctx.clock();
    res
      .set('Cache-Control', 'no-store')
      .json(list.map((row) => ({ ...actionView(row, now), version: row.version })));
  });

  router.post('/api/admin/partners/:id/actions', admin, async (req, res) => {
    const { actionText, dueDate } = parse(newPartnerAction, req.body);
    const partnerId = String(req.params.id);
    // The partner's own stream (authoritative, unlike the read model).
    const partner = await loadState(infra.eventStore, partnerStreamId(partnerId), partnerDecider);
    const partnerExists = partner.state.exists;
    const action = await run(req, res, {
      type: 'CreateAction',
      id: randomUUID(),
      partnerId,
      partnerExists,
      actionText,
      dueDate,
      at: ctx.clock(),
    });
    res.status(201).set('Cache-Control', 'no-store').json(action);
  });

  router.put('/api/admin/partners/:id/actions/:actionId', admin, async (req, res) => {
    const { notes, isCompleted } = parse(updatePartnerAction, req.body);
    const action = await run(req, res, {
      type: 'UpdateAction',
      id: String(req.params.actionId),
      partnerId: String(req.params.id),
      notes,
      isCompleted,
      at: ctx.clock(),
    });
    res.set('Cache-Control', 'no-store').json(action);
  });

  // Partners with at least one open (not completed) action, with how many of those are overdue.
  router.get('/api/admin/partner-action-counts', admin, async (_req, res) => {
    const counts = await actionCountsAt(infra.readModels, ctx.clock());
    const body: PartnerActionCount[] = [...counts].map(([partnerId, c]) => ({
      partnerId,
      openActionsCount: c.open,
      overdueActionsCount: c.overdue,
    }));
    res.set('Cache-Control', 'no-store').json(body);
  });

  return router;
}
