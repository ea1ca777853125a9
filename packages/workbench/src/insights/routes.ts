import type { Router } from 'express';
import type { z } from 'zod';
import { fanOutRoutes } from '@12yards/api/src/routes';
import { contractRoutes } from '@12yards/platform';

/** What the route needs of a service's context. */
export interface InsightsSite {
  env: { INTERNAL_SECRET: string };
  clock: () => Date;
  /** The projector of the insight read models (report projections): caught up before each answer. */
  reports: { catchUp(): Promise<unknown> };
}

/**
 * `GET /internal/insights?at=` on a service, for any admin role: the service's part of the dashboard, now (`at`
 * absent: null) or as it stood at the end of `at` (a future or malformed `at` is a 400). `compute` reads the
 * service's insight projections; its answer is checked against `schema`.
 */
export function insightsRoutes<S extends z.ZodType>(
  site: InsightsSite,
  schema: S,
  compute: (at: Date | null, now: Date) => Promise<z.input<S>>,
): Router {
  const { router, on } = contractRoutes(site.env.INTERNAL_SECRET);
  on(fanOutRoutes.insights, async ({ query: { at } }) => {
    await site.reports.catchUp(); // no write waits for these read models: every write so far is in the answer
    const part = schema.parse(await compute(at ? new Date(at) : null, site.clock()));
    return { status: 200, body: part };
  });
  return router;
}
