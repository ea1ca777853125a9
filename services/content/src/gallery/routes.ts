import { Router } from 'express';
import { galleryInput, type GalleryFields } from '@12yards/api';
import { parse, withVersion, type ServiceContext, type SortKey } from '@12yards/platform';
import { itemWriteRoutes, sortedListRoutes } from '../item-routes';
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
  router.use(
    sortedListRoutes(ctx, {
      publicPath: '/api/app-gallery',
      adminPath: '/api/admin/app-gallery',
      rows,
      sort: BY_SORT_ORDER,
      publicView: publicGalleryView,
      adminView: adminGalleryView,
    }),
  );
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
