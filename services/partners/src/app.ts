import type { Express } from 'express';
import {
  createHttpApp,
  erasureRoutes,
  exportRoutes,
  finishHttpApp,
  type ServiceContext,
} from '@12yards/platform';
import { workbenchRoutes } from '@12yards/workbench';
import { partnerActionRoutes } from './action/routes';
import { contactRoutes } from './contact/routes';
import { partnerRoutes } from './partner/routes';
import { partnersHistory } from './history';
import { partnersPersonalDataHolder } from './privacy';
import { partnerInsightsRoutes } from './insights/routes';
import { retentionMonths, retentionSettingRoutes } from './retention-setting';

/** The HTTP app from its dependencies: no listening, no globals. */
export function buildApp(ctx: ServiceContext): Express {
  const app = createHttpApp({ logger: ctx.logger, readiness: ctx.infra.readiness });
  app.use(workbenchRoutes(ctx, partnersHistory));
  app.use(partnerRoutes(ctx));
  app.use(partnerActionRoutes(ctx));
  app.use(contactRoutes(ctx));
  const holder = partnersPersonalDataHolder(ctx.infra.readModels);
  app.use(erasureRoutes(ctx, holder, 'partners'));
  app.use(exportRoutes(ctx, holder, 'partners', retentionMonths(ctx)));
  app.use(retentionSettingRoutes(ctx));
  app.use(partnerInsightsRoutes(ctx));
  return finishHttpApp(app, ctx.logger);
}
