import type { Projection, ReadModels, StoredEvent } from '@12yards/platform';
import type { ReferenceEvent } from './events';

export const MEDIA_REFS = 'media_refs';
/** One row per outside record that currently points at an upload. */
export type ReferenceRow = { id: string; uploadId: string; version: number };

export const referenceRows = (models: ReadModels) => models.collection<ReferenceRow>(MEDIA_REFS);

export const referenceProjection: Projection = {
  collections: [MEDIA_REFS],
  async apply(stored: StoredEvent, models: ReadModels) {
    if (stored.type !== 'MediaReferenceChanged') return;
    const { data } = stored as unknown as StoredEvent & ReferenceEvent;
    const rows = referenceRows(models);
    const existing = await rows.get(data.source);
    if (existing && existing.version >= stored.version) return;
    if (data.uploadId === null) await rows.delete(data.source);
    else await rows.put({ id: data.source, uploadId: data.uploadId, version: stored.version });
  },
};
