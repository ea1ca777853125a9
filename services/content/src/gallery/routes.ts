import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { galleryInput, type GalleryFields } from '@12yards/api';
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
import type { GalleryCommand } from './decide';
import { galleryStreamId, type GalleryItemFields } from './events';
import { galleryRows, galleryView, publicGalleryView, type GalleryRow } from './projection';
import { trashableGalleryDecider } from './trash';

const BY_SORT_ORDER: SortKey<GalleryRow>[] = [
  { field: 'rank', dir: 'asc' },
  { field: 'order', dir: 'asc' },
];

const toFields = (input: GalleryFields): GalleryItemFields => ({
  imageUrl: input.imageUrl,
  description: input.description ?? null,
  platformName: input.platformName ?? null,
  sortOrder: input.sortOrder,
  isActive: input.isActive,
});

const adminGalleryView = withVersion(galleryView);

export function galleryRoutes(ctx: ServiceContext): Router {
  const router = Router();
  const rows = galleryRows(ctx.infra.readModels);
  const secret = ctx.env.INTERNAL_SECRET;

  /** Runs the command and answers the item as it now is, its version as ETag. */
  const run = async (req: Request, res: Response, command: GalleryCommand) => {
    await execute(ctx, req, galleryStreamId(command.id), trashableGalleryDecider, command);
    const row = await rows.get(command.id);
    if (!row) throw notFound(`No gallery item with id ${command.id}`);
    setVersionEtag(res, row.version);
    return adminGalleryView(row);
  };

  // Public: the screenshots of the gallery dialog, active ones only, in the admin's order.
  router.get('/api/app-gallery', async (_req, res) => {
    const list = await rows.find({ where: { isActive: true, ...NOT_TRASHED }, sort: BY_SORT_ORDER });
    res.set('Cache-Control', NO_CACHE).json(list.map(publicGalleryView));
  });

  router.get('/api/admin/app-gallery', requireAdmin(secret), async (_req, res) => {
    const list = await rows.find({ where: NOT_TRASHED, sort: BY_SORT_ORDER });
    res.set('Cache-Control', NO_STORE).json(list.map(adminGalleryView));
  });

  router.post('/api/admin/app-gallery', requireAdmin(secret), async (req, res) => {
    const fields = toFields(parse(galleryInput, req.body));
    const added = await run(req, res, { type: 'AddGalleryItem', id: randomUUID(), fields, at: ctx.clock() });
    res.status(201).set('Cache-Control', NO_STORE).json(added);
  });

  router.put('/api/admin/app-gallery/:id', requireAdmin(secret), async (req, res) => {
    const fields = toFields(parse(galleryInput, req.body));
    const updated = await run(req, res, {
      type: 'UpdateGalleryItem',
      id: String(req.params.id),
      fields,
      at: ctx.clock(),
    });
    res.set('Cache-Control', NO_STORE).json(updated);
  });

  // Deleting moves the screenshot to the trash (/api/admin/trash restores or purges it).
  router.delete('/api/admin/app-gallery/:id', requireAdmin(secret, 'admin'), async (req, res) => {
    const id = String(req.params.id);
    await execute(ctx, req, galleryStreamId(id), trashableGalleryDecider, {
      type: 'MoveToTrash',
      id,
      at: ctx.clock(),
    });
    res.status(204).end();
  });

  return router;
}
