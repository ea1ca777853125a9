import type { UploadResult } from '@12yards/api';
import { Conflict, runCommand, type ServiceContext } from '@12yards/platform';
import { uploadRows } from '../upload/projection';
import { uploadIdOf } from '../upload/store';
import { streamId } from './events';
import { mediaFileRows } from './projection';
import { trashableMediaFileDecider } from './trash';

/**
 * Every image uploaded is in the media library (issue 27 item 6): a news article's image, a screenshot and a file
 * added in the Media tab alike. Its entry has the upload's id, so that adding it to the library later (the Media
 * tab's Add Media File) finds it rather than adding it twice.
 */
export async function addUploadToLibrary(
  ctx: ServiceContext,
  upload: UploadResult,
  actor: Actor,
  at: Date = ctx.clock(),
): Promise<void> {
  const id = uploadIdOf(upload.filename)!;
  await addMediaFile(ctx, { id, uploadId: id, file: upload, altText: null }, actor, at);
}

/** Who adds a library entry (none: the system), and the request it came with. */
type Actor = { username?: string; requestId?: string };

/**
 * Adds an entry to the media library: `id` is the entry's, `uploadId` the upload it shows (null: a file that is not
 * one of this service's uploads), added by `actor`.
 */
export async function addMediaFile(
  ctx: ServiceContext,
  entry: {
    id: string;
    uploadId: string | null;
    file: Pick<UploadResult, 'filename' | 'originalName' | 'mimeType' | 'size' | 'url'>;
    altText: string | null;
  },
  actor: Actor,
  at: Date = ctx.clock(),
): Promise<void> {
  const { id, uploadId, file, altText } = entry;
  const { filename, originalName, mimeType, size, url } = file;
  await runCommand(
    ctx,
    streamId(id),
    trashableMediaFileDecider,
    {
      type: 'AddMediaFile',
      id,
      filename,
      originalName,
      mimeType,
      size,
      url,
      altText,
      uploadId,
      uploadedBy: actor.username ?? null,
      at,
    },
    { meta: { actor: actor.username, requestId: actor.requestId } },
  );
}

/**
 * The images uploaded before every upload got its library entry: each live upload that no entry shows (in the
 * trash or not, by its id or its URL) gets the entry it would have had, dated when it was uploaded and by whom.
 * Run at start, with the read models current. An upload whose entry was deleted for good stays out (its entry's
 * stream refuses a second add), and a replica doing the same at once is harmless for the same reason.
 */
export async function addEarlierUploadsToLibrary(ctx: ServiceContext): Promise<number> {
  const entries = mediaFileRows(ctx.infra.readModels);
  let added = 0;
  for (const upload of await uploadRows(ctx.infra.readModels).find()) {
    const url = `/media/${upload.filename}`;
    if ((await entries.count({ uploadId: upload.id })) > 0 || (await entries.count({ url })) > 0) continue;
    const { filename, originalName, mimeType, size, uploadedBy, createdAt } = upload;
    try {
      await addUploadToLibrary(
        ctx,
        { url, filename, originalName, mimeType, size },
        { username: uploadedBy ?? undefined },
        new Date(createdAt),
      );
      added++;
    } catch (err) {
      if (!(err instanceof Conflict)) throw err;
    }
  }
  return added;
}
