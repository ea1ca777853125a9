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
  actor: { username?: string; requestId?: string },
  at: Date = ctx.clock(),
): Promise<void> {
  const id = uploadIdOf(upload.filename)!;
  await runCommand(
    ctx,
    streamId(id),
    trashableMediaFileDecider,
    {
      type: 'AddMediaFile',
      id,
      filename: upload.filename,
      originalName: upload.originalName,
      mimeType: upload.mimeType,
      size: upload.size,
      url: upload.url,
      altText: null,
      uploadId: id,
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
