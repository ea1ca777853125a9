import type { Express } from 'express';
import { createHttpApp, finishHttpApp, type ServiceContext } from '@12yards/platform';
import { trashRoutes, workbenchRoutes } from '@12yards/workbench';
import { mediaFileRoutes } from './media-file/routes';
import { mediaTrash } from './media-file/trash';
import { uploadRoutes, type UploadOptions } from './upload/routes';
import { mediaHistory } from './history';

export type MediaOptions = UploadOptions;

/** The HTTP app from its dependencies: no listening, no globals. */
export function buildApp(ctx: ServiceContext<'objects'>, options: MediaOptions): Express {
  const app = createHttpApp({ logger: ctx.logger, readiness: ctx.infra.readiness });
  app.use(workbenchRoutes(ctx, mediaHistory));
  app.use(uploadRoutes(ctx, options));
  app.use(mediaFileRoutes(ctx));
  app.use(trashRoutes(ctx, mediaTrash(ctx)));
  return finishHttpApp(app, ctx.logger);
}
