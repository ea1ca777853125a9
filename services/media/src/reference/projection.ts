import { defineProjection, type ReadModels } from '@12yards/platform';
import type { ReferenceEvent } from './events';

export const MEDIA_REFS = 'media_refs';
/** One row per outside record that currently points at an upload. */
export type ReferenceRow = { id: string; uploadId: string; version: number };

export const referenceRows = (models: ReadModels) => models.collection<ReferenceRow>(MEDIA_REFS);

export const referenceProjection = defineProjection<ReferenceEvent>({
  collections: [MEDIA_REFS],
  async apply(event, models) {
    if (event.type !== 'MediaReferenceChanged') return;
    const { data } = event;
    const rows = referenceRows(models);
    const existing = await rows.get(data.source);
    if (existing && existing.version >= event.version) return;
    if (data.uploadId === null) await rows.delete(data.source);
    else await rows.put({ id: data.source, uploadId: data.uploadId, version: event.version });
  },
});
