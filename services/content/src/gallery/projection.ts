import type { GalleryItem, PublicGalleryItem } from '@12yards/api';
import { applyTrashEvent, defineProjection, type ReadModels, type TrashableRow } from '@12yards/platform';
import type { GalleryItemFields } from './events';
import { pickGalleryFields } from './evolve';
import type { GalleryStreamEvent } from './trash';

export const GALLERY = 'app_gallery';
/** rank is sortOrder with null as 0, so every adapter sorts the same way (they disagree on where null goes). */
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

const withRank = (fields: GalleryItemFields) => ({ ...fields, rank: fields.sortOrder ?? 0 });

export const galleryProjection = defineProjection<GalleryStreamEvent>({
  collections: [GALLERY],
  async apply(event, models) {
    const rows = galleryRows(models);
    if (await applyTrashEvent(rows, event, 'GalleryItem')) return;
    switch (event.type) {
      case 'GalleryItemAdded': {
        const existing = await rows.get(event.data.id);
        if (existing && existing.version >= event.version) return; // the revision guard: a replay is a no-op
        await rows.put({
          id: event.data.id,
          ...withRank(pickGalleryFields(event.data)),
          createdAt: event.data.at,
          updatedAt: event.data.at,
          order: event.position,
          version: event.version,
        });
        return;
      }
      case 'GalleryItemUpdated': {
        const row = await rows.get(event.data.id);
        if (!row || row.version >= event.version) return;
        await rows.put({
          ...row,
          ...withRank(pickGalleryFields(event.data)),
          updatedAt: event.data.at,
          version: event.version,
        });
        return;
      }
      case 'GalleryItemRemoved':
        await rows.delete(event.data.id);
        return;
    }
  },
});
