import type { GalleryItem, PublicGalleryItem } from '@12yards/api';
import { defineRowProjection, type ReadModels } from '@12yards/platform';
import { trashUpdates, type TrashableRow } from '@12yards/workbench';
import { pickGalleryFields, type GalleryItemFields } from './events';
import type { GalleryStreamEvent } from './trash';

export const GALLERY = 'app_gallery';
/**
 * rank is sortOrder with null after every number (a screenshot without an order comes after the ordered ones), so
 * every adapter sorts the same way (they disagree on where null goes). Rows projected before keep their rank until
 * `npm run rebuild -w services/content`.
 */
export type GalleryRow = GalleryItem & GalleryItemFields & TrashableRow & { rank: number; order: number };

export const galleryRows = (models: ReadModels) => models.collection<GalleryRow>(GALLERY);

export const galleryView = ({
  rank: _rank,
  order: _order,
  version: _version,
  ...item
}: GalleryRow): GalleryItem => item;

export const publicGalleryView = (row: GalleryRow): PublicGalleryItem => ({
  id: row.id,
  imageUrl: row.imageUrl,
  description: row.description,
  platformName: row.platformName,
});

export const UNORDERED_RANK = Number.MAX_SAFE_INTEGER;
const withRank = (fields: GalleryItemFields) => ({ ...fields, rank: fields.sortOrder ?? UNORDERED_RANK });

export const galleryProjection = defineRowProjection<GalleryStreamEvent, GalleryRow>({
  collection: GALLERY,
  rows: galleryRows,
  create: {
    GalleryItemAdded: ({ data, position }) => ({
      id: data.id,
      ...withRank(pickGalleryFields(data)),
      createdAt: data.at,
      updatedAt: data.at,
      order: position,
    }),
  },
  update: {
    GalleryItemUpdated: (row, { data }) => ({
      ...row,
      ...withRank(pickGalleryFields(data)),
      updatedAt: data.at,
    }),
    ...trashUpdates<'GalleryItem', GalleryRow>('GalleryItem'),
  },
  remove: ['GalleryItemRemoved'],
});
