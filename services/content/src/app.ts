import type { Express } from 'express';
import { createHttpApp, finishHttpApp, type ServiceContext } from '@12yards/platform';
import { faqRoutes } from './faq/routes';
import { galleryRoutes } from './gallery/routes';
import { newsRoutes } from './news/routes';
import { settingRoutes } from './setting/routes';

/** The HTTP app from its dependencies: no listening, no globals. */
export function buildApp(ctx: ServiceContext): Express {
  const app = createHttpApp({ logger: ctx.logger, readiness: ctx.infra.readiness });
  app.use(newsRoutes(ctx));
  app.use(faqRoutes(ctx));
  app.use(settingRoutes(ctx));
  app.use(galleryRoutes(ctx));
  return finishHttpApp(app, ctx.logger);
}
