import type { MediaFile } from '@12yards/api';
import { defineProjection, type ReadModels } from '@12yards/platform';
import type { MediaFileEvent } from './events';

export const MEDIA_FILES = 'media_files';
export type MediaFileRow = MediaFile & { uploadId: string | null; order: number; version: number };

export const mediaFileRows = (models: ReadModels) =>
  models.collection<MediaFileRow>(MEDIA_FILES, { indexes: [['order']] });

export const mediaFileProjection = defineProjection<MediaFileEvent>({
  collections: [MEDIA_FILES],
  async apply(event, models) {
    const rows = mediaFileRows(models);
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
