import type { MediaFile } from '@12yards/api';
import { defineRowProjection, type ReadModels } from '@12yards/platform';
import { trashUpdates, type TrashableRow } from '@12yards/workbench';
import type { MediaFileStreamEvent } from './events';

export const MEDIA_FILES = 'media_files';
export type MediaFileRow = MediaFile & TrashableRow & { uploadId: string | null; order: number };

export const mediaFileRows = (models: ReadModels) =>
  models.collection<MediaFileRow>(MEDIA_FILES, { indexes: [['order']] });

export const mediaFileProjection = defineRowProjection<MediaFileStreamEvent, MediaFileRow>({
  collection: MEDIA_FILES,
  rows: mediaFileRows,
  create: {
    MediaFileAdded: ({ data: { at, ...file }, position }) => ({ ...file, createdAt: at, order: position }),
  },
  update: {
    ...trashUpdates<'MediaFile', MediaFileRow>('MediaFile'),
    MediaFileDescribed: (row, { data: { altText } }) => ({ ...row, altText }),
  },
  remove: ['MediaFileDeleted'],
});
