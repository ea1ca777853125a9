import { Router, type Request } from 'express';
import { trashEntityType } from '@12yards/api';
import { notFound } from '../http/errors';
import { requireAdmin } from '../http/identity';
import { parse } from '../http/validate';
import { listTrash, purgeTrash, type TrashSource } from './source';

/**
 * A service's trash: `GET /api/admin/trash` (its items, newest first), `POST /api/admin/trash/:entityType/:id/restore`
 * (editors too), `DELETE /api/admin/trash/:entityType/:id` and `DELETE /api/admin/trash` (admin role only).
 */
export function trashRoutes(
  ctx: { env: { INTERNAL_SECRET: string }; clock: () => Date },
  sources: readonly TrashSource[],
): Router {
  const router = Router();
  const secret = ctx.env.INTERNAL_SECRET;
  const meta = (req: Request) => ({ actor: req.admin?.username, requestId: String(req.id) });
  const sourceOf = (req: Request) => {
    const type = parse(trashEntityType, req.params.entityType);
    const source = sources.find((s) => s.entityType === type);
    if (!source) throw notFound(`This service keeps no ${type} items`);
    return { source, id: String(req.params.id) };
  };

  router.get('/api/admin/trash', requireAdmin(secret), async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await listTrash(sources));
  });

  router.post('/api/admin/trash/:entityType/:id/restore', requireAdmin(secret), async (req, res) => {
    const { source, id } = sourceOf(req);
    await source.restore(id, ctx.clock(), meta(req));
    res.status(204).end();
  });

  router.delete('/api/admin/trash/:entityType/:id', requireAdmin(secret, 'admin'), async (req, res) => {
    const { source, id } = sourceOf(req);
    await source.purge(id, ctx.clock(), meta(req));
    res.status(204).end();
  });

  router.delete('/api/admin/trash', requireAdmin(secret, 'admin'), async (req, res) => {
    const purged = await purgeTrash(sources, ctx.clock(), meta(req));
    res.set('Cache-Control', 'no-store').json({ purged });
  });

  return router;
}
