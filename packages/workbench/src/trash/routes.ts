import type { Request, Router } from 'express';
import { fanOutRoutes, workbenchRoutes } from '@12yards/api/src/routes';
import { NotFound, contractRoutes } from '@12yards/platform';
import { listTrash, purgeTrash, type TrashSource } from './source';

/**
 * A service's trash on its route contracts: its items, newest first, and emptying it (what the gateway fans out to),
 * and an item's restore (editors too) and purge (admin role only).
 */
export function trashRoutes(
  ctx: { env: { INTERNAL_SECRET: string }; clock: () => Date },
  sources: readonly TrashSource[],
): Router {
  const { router, on } = contractRoutes(ctx.env.INTERNAL_SECRET);
  const meta = (req: Request) => ({ actor: req.admin?.username, requestId: String(req.id) });
  const sourceOf = (type: string) => {
    const source = sources.find((s) => s.entityType === type);
    if (!source) throw new NotFound(`This service keeps no ${type} items`);
    return source;
  };

  on(fanOutRoutes.trashList, async () => ({ status: 200, body: await listTrash(sources) }));

  on(workbenchRoutes.trashRestore, async ({ params, req }) => {
    await sourceOf(params.entityType).restore(params.id, ctx.clock(), meta(req));
    return { status: 204 };
  });

  on(workbenchRoutes.trashPurge, async ({ params, req }) => {
    await sourceOf(params.entityType).purge(params.id, ctx.clock(), meta(req));
    return { status: 204 };
  });

  on(fanOutRoutes.trashEmpty, async ({ req }) => ({
    status: 200,
    body: { purged: await purgeTrash(sources, ctx.clock(), meta(req)) },
  }));

  return router;
}
