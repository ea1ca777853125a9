import { z } from 'zod';
import { loadConfig, type ServiceDefinition } from '@12yards/platform';
import { buildApp, type MediaOptions } from './app';
import { mediaFileProjection } from './media-file/projection';
import { uploadProjection } from './upload/projection';

export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The media service's own settings, on top of every service's (packages/platform config). */
export const mediaEnv = z.object({
  MEDIA_MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_UPLOAD_BYTES),
});

/** The definition; options given here win over the environment (tests). */
export function createMediaService(options: Partial<MediaOptions> = {}): ServiceDefinition {
  return {
    name: 'media',
    defaultPort: 8105,
    projections: [uploadProjection, mediaFileProjection],
    build: async (ctx) => ({
      app: buildApp(ctx, { maxUploadBytes: options.maxUploadBytes ?? loadConfig(mediaEnv).MEDIA_MAX_UPLOAD_BYTES }),
    }),
  };
}

export const mediaService = createMediaService();
