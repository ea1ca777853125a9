import { Router } from 'express';
import { galleryInput, type GalleryFields } from '@12yards/api';
import {
  NOT_TRASHED,
  parse,
  requireAdmin,
  withVersion,
  type ServiceContext,
  type SortKey,
} from '@12yards/platform';
import { NO_CACHE, NO_STORE } from '../command';
import { itemWriteRoutes } from '../item-routes';
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

  // Public: the screenshots of the gallery dialog, active ones only, in the admin's order.
  router.get('/api/app-gallery', async (_req, res) => {
    const list = await rows.find({ where: { isActive: true, ...NOT_TRASHED }, sort: BY_SORT_ORDER });
    res.set('Cache-Control', NO_CACHE).json(list.map(publicGalleryView));
  });

  router.get('/api/admin/app-gallery', requireAdmin(ctx.env.INTERNAL_SECRET), async (_req, res) => {
    const list = await rows.find({ where: NOT_TRASHED, sort: BY_SORT_ORDER });
    res.set('Cache-Control', NO_STORE).json(list.map(adminGalleryView));
  });

  router.use(
    itemWriteRoutes(ctx, {
      path: '/api/admin/app-gallery',
      rows,
      streamId: galleryStreamId,
      decider: trashableGalleryDecider,
      name: 'gallery item',
      fields: (body) => toFields(parse(galleryInput, body)),
      create: (id, fields, at): GalleryCommand => ({ type: 'AddGalleryItem', id, fields, at }),
      update: (id, fields, at): GalleryCommand => ({ type: 'UpdateGalleryItem', id, fields, at }),
      view: adminGalleryView,
    }),
  );

  return router;
}
