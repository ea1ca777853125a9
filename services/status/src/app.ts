import type { Express } from 'express';
import { createHttpApp, finishHttpApp, type ServiceContext } from '@12yards/platform';
import { serviceStatusRoutes } from './service-status/routes';

/** The HTTP app from its dependencies: no listening, no globals. */
export function buildApp(ctx: ServiceContext): Express {
  const app = createHttpApp({ logger: ctx.logger, readiness: ctx.infra.readiness });
  app.use(serviceStatusRoutes(ctx));
  return finishHttpApp(app, ctx.logger);
}
