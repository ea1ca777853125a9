import { type EventMeta, type ServiceContext, type StoredEvent } from '@12yards/platform';
import { trashable, trashSource } from '@12yards/workbench';
import { referenceRows } from '../reference/projection';
import { removeUpload } from '../upload/store';
import { mediaFileDecider } from './decide';
import { streamId, type MediaFileDeleted } from './events';
import { mediaFileRows } from './projection';
import { eraseMediaText } from '../text-data';

/** The media library entry with its trash: what the routes run. */
export const trashableMediaFileDecider = trashable(mediaFileDecider, {
  noun: 'media file',
  prefix: 'MediaFile',
  purge: 'DeleteMediaFile',
  isLive: (state) => state.status === 'active',
});

/**
 * After an entry is deleted for good: its text is erased, and its bytes go once no other library entry (in the
 * trash or not), news article or screenshot points at the same upload.
 */
async function removeUnusedUpload(ctx: ServiceContext<'objects'>, events: StoredEvent[], meta: EventMeta) {
  const deleted = events.find((e): e is StoredEvent & MediaFileDeleted => e.type === 'MediaFileDeleted');
  const uploadId = deleted?.data.uploadId;
  if (
    uploadId &&
    (await mediaFileRows(ctx.infra.readModels).count({ uploadId })) === 0 &&
    (await referenceRows(ctx.infra.readModels).count({ uploadId })) === 0
  ) {
    await removeUpload(ctx, uploadId, { username: meta.actor, requestId: meta.requestId });
  }
  // Its original name and alt text are erased from its history (and the upload's, once that is gone too).
  if (deleted) await eraseMediaText(ctx, deleted.streamId, uploadId);
}

/**
 * Whether the upload is shown only by library entries in the trash: then its file is not served (a news article or
 * screenshot that shows it, or another live entry, keeps it served).
 */
export async function onlyInTrash(ctx: ServiceContext, uploadId: string): Promise<boolean> {
  const entries = mediaFileRows(ctx.infra.readModels);
  return (
    (await entries.count({ uploadId, trashedAt: { $ne: null } })) > 0 &&
    (await entries.count({ uploadId, trashedAt: null })) === 0 &&
    (await referenceRows(ctx.infra.readModels).count({ uploadId })) === 0
  );
}

export const mediaTrash = (ctx: ServiceContext<'objects'>) => [
  trashSource(
    ctx,
    'media',
    trashableMediaFileDecider,
    streamId,
    mediaFileRows(ctx.infra.readModels),
    (row) => row.originalName || row.filename,
    (events, meta) => removeUnusedUpload(ctx, events, meta),
  ),
];
