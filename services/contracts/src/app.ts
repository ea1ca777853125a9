import type { Express } from 'express';
import {
  createHttpApp,
  erasureRoutes,
  exportRoutes,
  finishHttpApp,
  type ServiceContext,
} from '@12yards/platform';
import { workbenchRoutes } from '@12yards/workbench';
import { contractRoutes } from './contract/routes';
import { documentRoutes } from './document/routes';
import type { ResolvedOptions } from './options';
import { contractTemplateRoutes } from './template/routes';
import { contractsHistory } from './history';
import { contractsPersonalDataHolder } from './privacy';
import { contractInsightsRoutes } from './insights/routes';

/** The HTTP app from its dependencies: no listening, no globals. */
export function buildApp(ctx: ServiceContext<'jobs' | 'objects'>, options: ResolvedOptions): Express {
  const app = createHttpApp({ logger: ctx.logger, readiness: ctx.infra.readiness });
  app.use(workbenchRoutes(ctx, contractsHistory));
  app.use(documentRoutes(ctx, options)); // before contractRoutes: /api/admin/contracts/jobs/... is not a contract id
  app.use(contractRoutes(ctx, options));
  app.use(contractTemplateRoutes(ctx, options.limits.zip));
  const holder = contractsPersonalDataHolder({
    models: ctx.infra.readModels,
    events: ctx.infra.eventStore,
    objects: ctx.infra.objects,
  });
  app.use(erasureRoutes(ctx, holder, 'contracts'));
  app.use(exportRoutes(ctx, holder, 'contracts'));
  app.use(contractInsightsRoutes(ctx));
  return finishHttpApp(app, ctx.logger);
}
