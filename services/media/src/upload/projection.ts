import { defineRowProjection, type ReadModels } from '@12yards/platform';
import type { MediaUploaded, UploadEvent } from './events';

export const UPLOADS = 'uploads';
export type UploadRow = Omit<MediaUploaded['data'], 'at'> & { createdAt: string; version: number };

export const uploadRows = (models: ReadModels) => models.collection<UploadRow>(UPLOADS);

export const uploadProjection = defineRowProjection<UploadEvent, UploadRow>({
  collection: UPLOADS,
  rows: uploadRows,
  create: { MediaUploaded: ({ data: { at, ...upload } }) => ({ ...upload, createdAt: at }) },
  remove: ['MediaUploadRemoved'], // a removed upload is no longer served; deleting twice is harmless
});
