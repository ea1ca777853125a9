import { Router } from 'express';
import { updateServiceStatus, type ServiceStatus } from '@12yards/api';
import { handleCommand, notFound, parse, requireAdmin, type ServiceContext } from '@12yards/platform';
import { serviceStatusDecider } from './decide';
import { streamId } from './events';
import { statusRows, type ServiceStatusRow } from './projection';

const view = ({ order: _order, version: _version, ...row }: ServiceStatusRow): ServiceStatus => row;

export function serviceStatusRoutes(ctx: ServiceContext): Router {
  const { infra, projector } = ctx;
  const router = Router();
  const rows = statusRows(infra.readModels);

  router.get('/api/service-status', async (_req, res) => {
    const list = await rows.find({ sort: [{ field: 'order', dir: 'asc' }] });
    res.set('Cache-Control', 'no-cache').json(list.map(view));
  });

  router.put('/api/admin/service-status/:id', requireAdmin(ctx.env.INTERNAL_SECRET), async (req, res) => {
    const { status } = parse(updateServiceStatus, req.body);
    const id = String(req.params.id);
    await handleCommand(
      infra.eventStore,
      streamId(id),
      serviceStatusDecider,
      { type: 'ChangeServiceStatus', id, status, at: ctx.clock() },
      { actor: req.admin?.username, requestId: String(req.id) },
    );
    await projector.catchUp();
    const row = await rows.get(id);
    if (!row) throw notFound(`No service status with id ${id}`);
    res.set('Cache-Control', 'no-store').json(view(row));
  });

  return router;
}
