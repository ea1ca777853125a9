import { z } from 'zod';
import { defineService, loadConfig } from '@12yards/platform';
import { startTrashSweep } from '@12yards/workbench';
import { buildApp, type MediaOptions } from './app';
import { addEarlierUploadsToLibrary } from './media-file/library';
import { mediaFileProjection } from './media-file/projection';
import { mediaTrash } from './media-file/trash';
import { subscribeToContent } from './reactions/content-events';
import { referenceProjection } from './reference/projection';
import { uploadProjection } from './upload/projection';
import { mediaTextData } from './text-data';

export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The media service's own settings, on top of every service's (packages/platform config). */
export const mediaEnv = z.object({
  MEDIA_MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_UPLOAD_BYTES),
});

/** The definition; options given here win over the environment (tests). */
export function createMediaService(options: Partial<MediaOptions> = {}) {
  return defineService({
    name: 'media',
    defaultPort: 8105,
    uses: ['objects'], // the uploaded files
    projections: [uploadProjection, mediaFileProjection, referenceProjection],
    // File names and alt text encrypted per entry, so that deleting one for good erases them (issue 26 item 2).
    personalData: mediaTextData,
    build: async (ctx) => {
      const app = buildApp(ctx, {
        maxUploadBytes: options.maxUploadBytes ?? loadConfig(mediaEnv).MEDIA_MAX_UPLOAD_BYTES,
      });
      const earlier = await addEarlierUploadsToLibrary(ctx);
      if (earlier > 0) ctx.logger.info({ added: earlier }, 'media: earlier uploads added to the library');
      const content = await subscribeToContent(ctx);
      // Entries trashed more than TRASH_RETENTION_DAYS ago are deleted for good, on the leader, hourly.
      const sweep = await startTrashSweep(ctx, mediaTrash(ctx));
      return {
        app,
        stop: async () => {
          await sweep.stop();
          await content.stop();
        },
      };
    },
  });
}

export const mediaService = createMediaService();
