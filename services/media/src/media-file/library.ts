import type { UploadResult } from '@12yards/api';
import { runCommand, type ServiceContext } from '@12yards/platform';
import { uploadIdOf } from '../upload/store';
import { streamId } from './events';
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
      at: ctx.clock(),
    },
    { meta: { actor: actor.username, requestId: actor.requestId } },
  );
}
