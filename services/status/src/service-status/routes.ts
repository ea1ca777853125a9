import { Router } from 'express';
import { updateServiceStatus, type ServiceStatus } from '@12yards/api';
import { entityAccess, requireAdmin, type ServiceContext } from '@12yards/platform';
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
  const router = Router();
  const rows = statusRows(infra.readModels);
  const statuses = entityAccess(ctx, {
    rows,
    streamId,
    decider: serviceStatusDecider,
    name: 'service status',
  });

  router.get('/api/service-status', async (_req, res) => {
    const list = await rows.find({ sort: [{ field: 'order', dir: 'asc' }] });
    res.set('Cache-Control', 'no-cache').json(list.map(view));
  });

  router.put(
    '/api/admin/service-status/:id',
    requireAdmin(ctx.env.INTERNAL_SECRET),
    statuses.editHandler(
      updateServiceStatus,
      ({ status }, id, at) => ({ type: 'ChangeServiceStatus', id, status, at }),
      view,
    ),
  );

  return router;
}
