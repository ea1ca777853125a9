import type { Router } from 'express';
import type { ServiceStatus } from '@12yards/api';
import { statusRoutes } from '@12yards/api/src/routes/status';
import { contractRoutes, entityAccess, type ServiceContext } from '@12yards/platform';
import { serviceStatusDecider } from './decide';
import { streamId } from './events';
import { statusRows, type ServiceStatusRow } from './projection';

/**
 * The one list (public, and the admin's status tab) carries each status's version: the admin sends it back in
 * If-Match. A status is public information, and so is how often it changed.
 */
const view = ({ order: _order, ...row }: ServiceStatusRow): ServiceStatus => row;

export function serviceStatusRoutes(ctx: ServiceContext): Router {
  const { infra } = ctx;
  const { router, on } = contractRoutes(ctx.env.INTERNAL_SECRET);
  const rows = statusRows(infra.readModels);
  const statuses = entityAccess(ctx, {
    rows,
    streamId,
    decider: serviceStatusDecider,
    name: 'service status',
  });

  on(statusRoutes.list, async () => {
    const list = await rows.find({ sort: [{ field: 'order', dir: 'asc' }] });
    return { status: 200, body: list.map(view) };
  });

  on(statusRoutes.update, async ({ params, body, req }) => {
    const command = {
      type: 'ChangeServiceStatus',
      id: params.id,
      status: body.status,
      at: ctx.clock(),
    } as const;
    const row = await statuses.write(req, command);
    return { status: 200, body: view(row), version: row.version };
  });

  return router;
}
