import type { Router } from 'express';
import {
  contentInsights,
  contractsInsights,
  INSIGHT_SERVICES,
  insights,
  partnersInsights,
  type InsightService,
  type Insights,
} from '@12yards/api';
import { fanOutRoutes, gatewayRoutes } from '@12yards/api/src/routes';
import { callService, contractRoutes, HttpError, type Logger } from '@12yards/platform';
import { sessionGuard } from './auth/guard';
import type { Targets } from './proxy';
import { metricsRoute } from './service-call';

export interface InsightsDeps {
  targets: Targets;
  secret: string;
  publicOrigin?: string;
  logger: Logger;
  clock?: () => Date;
  /** How long one service may take to answer its part. */
  timeoutMs?: number;
}

/** Each service's part of the dashboard, and the figures that are null while it does not answer. */
const PARTS = {
  partners: {
    schema: partnersInsights,
    missing: {
      partnersByStatus: null,
      partnersByType: null,
      applicationsPerWeek: null,
      partnersPerWeek: null,
      medianDaysToContract: null,
      messagesAwaiting: null,
      overdueActions: null,
    },
  },
  contracts: { schema: contractsInsights, missing: { contractsEnding: null } },
  content: { schema: contentInsights, missing: { scheduledArticles: null } },
} as const;

/**
 * `GET /api/admin/insights?at=` for any admin role: the dashboard, composed of the partners', contracts' and
 * content services' parts, now or as it stood at the end of `at` (checked here first: a future or malformed `at` is
 * a 400). A service that does not answer is named in `unavailable` and its figures are null; when none answers, 503.
 */
export function insightsRoutes(deps: InsightsDeps): Router {
  const { router, on } = contractRoutes(sessionGuard(deps.publicOrigin));
  const clock = deps.clock ?? (() => new Date());
  on(
    gatewayRoutes.insights,
    async ({ query: { at }, req }) => {
      const part = fanOutRoutes.insights.path;
      const path = at ? `${part}?${new URLSearchParams({ at })}` : part;
      const results = await Promise.allSettled(
        INSIGHT_SERVICES.map(async (service) => {
          const answer = await callService({
            target: deps.targets[service],
            secret: deps.secret,
            method: 'GET',
            path,
            admin: req.admin!,
            requestId: String(req.id),
            timeoutMs: deps.timeoutMs,
          });
          if (!answer.ok) throw new Error(`${service} answered ${answer.status}`);
          return PARTS[service].schema.parse(await answer.json());
        }),
      );
      const unavailable: InsightService[] = [];
      let body: Omit<Insights, 'at' | 'unavailable'> = {
        ...PARTS.partners.missing,
        ...PARTS.contracts.missing,
        ...PARTS.content.missing,
      };
      results.forEach((r, i) => {
        const service = INSIGHT_SERVICES[i]!;
        if (r.status === 'fulfilled') body = { ...body, ...r.value };
        else {
          unavailable.push(service);
          deps.logger.warn({ err: r.reason, service }, 'insights: a service did not answer');
        }
      });
      if (unavailable.length === INSIGHT_SERVICES.length) {
        const err = new HttpError(503, 'unavailable', 'No service answered; please try again shortly');
        err.headers['Retry-After'] = '2';
        throw err;
      }
      const answer: Insights = { at: at ?? clock().toISOString(), ...body, unavailable };
      return { status: 200, body: insights.parse(answer) };
    },
    { before: [metricsRoute('insights')] },
  );
  return router;
}
