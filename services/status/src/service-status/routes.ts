import { Router } from 'express';
import { updateServiceStatus, type ServiceStatus } from '@12yards/api';
import {
  ifMatchVersions,
  notFound,
  parse,
  requireAdmin,
  runCommand,
  setVersionEtag,
  type ServiceContext,
} from '@12yards/platform';
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

  router.get('/api/service-status', async (_req, res) => {
    const list = await rows.find({ sort: [{ field: 'order', dir: 'asc' }] });
    res.set('Cache-Control', 'no-cache').json(list.map(view));
  });

  router.put('/api/admin/service-status/:id', requireAdmin(ctx.env.INTERNAL_SECRET), async (req, res) => {
    const { status } = parse(updateServiceStatus, req.body);
    const id = String(req.params.id);
    await runCommand(
      ctx,
      streamId(id),
      serviceStatusDecider,
      { type: 'ChangeServiceStatus', id, status, at: ctx.clock() },
      { meta: { actor: req.admin?.username, requestId: String(req.id) }, ifVersion: ifMatchVersions(req) },
    );
    const row = await rows.get(id);
    if (!row) throw notFound(`No service status with id ${id}`);
    setVersionEtag(res, row.version);
    res.set('Cache-Control', 'no-store').json(view(row));
  });

  return router;
}
