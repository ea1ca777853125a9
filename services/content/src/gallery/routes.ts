import type { Router } from 'express';
import type { GalleryFields } from '@12yards/api';
import { contentRoutes as routes } from '@12yards/api/src/routes/content';
import { contractRoutes, withVersion, type ServiceContext, type SortKey } from '@12yards/platform';
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
  const contracted = contractRoutes(ctx.env.INTERNAL_SECRET);
  const rows = galleryRows(ctx.infra.readModels);

  // Public: the screenshots of the gallery dialog, active ones only, in the admin's order.
  sortedListRoutes(contracted, {
    routes: { public: routes.galleryList, admin: routes.galleryAdminList },
    rows,
    sort: BY_SORT_ORDER,
    publicView: publicGalleryView,
    adminView: adminGalleryView,
  });
  itemWriteRoutes(ctx, contracted, {
    routes: { create: routes.galleryCreate, update: routes.galleryUpdate, remove: routes.galleryDelete },
    rows,
    streamId: galleryStreamId,
    decider: trashableGalleryDecider,
    name: 'gallery item',
    fields: toFields,
    create: (id, fields, at): GalleryCommand => ({ type: 'AddGalleryItem', id, fields, at }),
    update: (id, fields, at): GalleryCommand => ({ type: 'UpdateGalleryItem', id, fields, at }),
    view: adminGalleryView,
  });

  return contracted.router;
}
