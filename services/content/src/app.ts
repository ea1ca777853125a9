import type { Express } from 'express';
import { createHttpApp, finishHttpApp, publicReads, type ServiceContext } from '@12yards/platform';
import { trashRoutes, workbenchRoutes } from '@12yards/workbench';
import { contentRoutes } from '@12yards/api/src/routes/content';
import { pathPattern, publicReadPaths } from '@12yards/api/src/routes/contract';
import { faqRoutes } from './faq/routes';
import { galleryRoutes } from './gallery/routes';
import { newsRoutes } from './news/routes';
import { nextPublication } from './news/schedule';
import { settingRoutes } from './setting/routes';
import { contentTrash } from './trash';
import { contentHistory } from './history';
import { contentInsightsRoutes } from './insights/routes';

const NEWS_LIST = pathPattern(contentRoutes.newsList.path);

/** The HTTP app from its dependencies: no listening, no globals. */
export function buildApp(ctx: ServiceContext<'jobs'>): Express {
  const app = createHttpApp({ logger: ctx.logger, readiness: ctx.infra.readiness });
  // The public reads, marked with their read position (and when a scheduled article is due) for the gateway's copy.
  app.use(
    publicReads({
      projector: ctx.projector,
      clock: ctx.clock,
      paths: publicReadPaths(Object.values(contentRoutes)),
      validUntil: (req, now) =>
        NEWS_LIST.test(req.path) ? nextPublication(ctx.infra.readModels, now) : Promise.resolve(null),
    }),
  );
  app.use(workbenchRoutes(ctx, contentHistory));
  app.use(newsRoutes(ctx));
  app.use(faqRoutes(ctx));
  app.use(settingRoutes(ctx));
  app.use(galleryRoutes(ctx));
  app.use(trashRoutes(ctx, contentTrash(ctx)));
  app.use(contentInsightsRoutes(ctx));
  return finishHttpApp(app, ctx.logger);
}
