import type { MediaFile } from '@12yards/api';
import { applyTrashEvent, defineProjection, type ReadModels, type TrashableRow } from '@12yards/platform';
import type { MediaFileStreamEvent } from './trash';

export const MEDIA_FILES = 'media_files';
export type MediaFileRow = MediaFile & TrashableRow & { uploadId: string | null; order: number };

export const mediaFileRows = (models: ReadModels) =>
  models.collection<MediaFileRow>(MEDIA_FILES, { indexes: [['order']] });

export const mediaFileProjection = defineProjection<MediaFileStreamEvent>({
  collections: [MEDIA_FILES],
  async apply(event, models) {
    const rows = mediaFileRows(models);
    if (await applyTrashEvent(rows, event, 'MediaFile')) return;
    switch (event.type) {
      case 'MediaFileAdded': {
        const existing = await rows.get(event.data.id);
        if (existing && existing.version >= event.version) return;
        const { at, ...d } = event.data;
        await rows.put({ ...d, createdAt: at, order: event.position, version: event.version });
        return;
      }
      case 'MediaFileDeleted':
        await rows.delete(event.data.id);
        return;
    }
  },
});
