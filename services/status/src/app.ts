import type { Express } from 'express';
import { createHttpApp, finishHttpApp, publicReads, type ServiceContext } from '@12yards/platform';
import { workbenchRoutes } from '@12yards/workbench';
import { publicReadPaths } from '@12yards/api/src/routes/contract';
import { statusRoutes } from '@12yards/api/src/routes/status';
import { serviceStatusRoutes } from './service-status/routes';
import { statusHistory } from './history';

/** The HTTP app from its dependencies: no listening, no globals. */
export function buildApp(ctx: ServiceContext): Express {
  const app = createHttpApp({ logger: ctx.logger, readiness: ctx.infra.readiness });
  // The public status list, marked with its read position for the gateway's copy.
  app.use(
    publicReads({
      projector: ctx.projector,
      clock: ctx.clock,
      paths: publicReadPaths(Object.values(statusRoutes)),
    }),
  );
  app.use(workbenchRoutes(ctx, statusHistory));
  app.use(serviceStatusRoutes(ctx));
  return finishHttpApp(app, ctx.logger);
}
