import { randomUUID } from 'node:crypto';
import type { Request, Router } from 'express';
import type { PartnerActionCount } from '@12yards/api';
import { partnersRoutes as routes } from '@12yards/api/src/routes/partners';
import {
  contractRoutes,
  entityAccess,
  findPage,
  loadState,
  NotFound,
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
  const { router, on } = contractRoutes(ctx.env.INTERNAL_SECRET);
  const rows = actionRows(infra.readModels);
  const actions = entityAccess(ctx, {
    rows,
    streamId: actionStreamId,
    decider: partnerActionDecider,
    name: 'action',
  });

  /** Runs the command under the request's If-Match, if any; answers the action with its version (also as ETag). */
  const run = async (req: Request, command: PartnerActionCommand) => {
    const row = await actions.write(req, command);
    return { body: { ...actionView(row, ctx.clock()), version: row.version }, version: row.version };
  };

  on(routes.actionList, async ({ params, query: page, req, res }) => {
    const partnerId = params.id;
    if (!(await partnerRows(infra.readModels).get(partnerId)))
      throw new NotFound(`No partner with id ${partnerId}`);
    const list = await findPage(rows, req, res, {
      where: { partnerId },
      sort: [{ field: 'order', dir: 'desc' }],
      page,
    });
    const now = ctx.clock();
    return { status: 200, body: list.map((row) => ({ ...actionView(row, now), version: row.version })) };
  });

  on(routes.actionCreate, async ({ params, body: { actionText, dueDate }, req }) => {
    const partnerId = params.id;
    // The partner's own stream (authoritative, unlike the read model).
    const partner = await loadState(infra.eventStore, partnerStreamId(partnerId), partnerDecider);
    const partnerExists = partner.state.exists;
    const action = await run(req, {
      type: 'CreateAction',
      id: randomUUID(),
      partnerId,
      partnerExists,
      actionText,
      dueDate,
      at: ctx.clock(),
    });
    return { status: 201, ...action };
  });

  on(routes.actionUpdate, async ({ params, body: { notes, isCompleted }, req }) => {
    const action = await run(req, {
      type: 'UpdateAction',
      id: params.actionId,
      partnerId: params.id,
      notes,
      isCompleted,
      at: ctx.clock(),
    });
    return { status: 200, ...action };
  });

  // Partners with at least one open (not completed) action, with how many of those are overdue.
  on(routes.actionCounts, async () => {
    const counts = await actionCountsAt(infra.readModels, ctx.clock());
    const body: PartnerActionCount[] = [...counts].map(([partnerId, c]) => ({
      partnerId,
      openActionsCount: c.open,
      overdueActionsCount: c.overdue,
    }));
    return { status: 200, body };
  });

  return router;
}
