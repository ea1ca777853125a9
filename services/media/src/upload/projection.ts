import { defineProjection, type ReadModels } from '@12yards/platform';
import type { MediaUploaded, UploadEvent } from './events';

export const UPLOADS = 'uploads';
export type UploadRow = Omit<MediaUploaded['data'], 'at'> & { createdAt: string; version: number };

export const uploadRows = (models: ReadModels) => models.collection<UploadRow>(UPLOADS);

export const uploadProjection = defineProjection<UploadEvent>({
  collections: [UPLOADS],
  async apply(event, models) {
    const rows = uploadRows(models);
    switch (event.type) {
      case 'MediaUploaded': {
        const existing = await rows.get(event.data.id);
        if (existing && existing.version >= event.version) return;
        const { at, ...data } = event.data;
        await rows.put({ ...data, createdAt: at, version: event.version });
        return;
      }
      case 'MediaUploadRemoved':
        // A removed upload is no longer served; deleting twice is harmless.
        await rows.delete(event.data.id);
        return;
    }
  },
});
