import { Router } from 'express';
import type { z } from 'zod';
import { insightsQuery } from '@12yards/api';
import { parse } from './validate';
import { requireAdmin } from './identity';

/** What the route needs of a service's context. */
export interface InsightsSite {
  env: { INTERNAL_SECRET: string };
  clock: () => Date;
  /** The projector of the insight read models (report projections): caught up before each answer. */
  reports: { catchUp(): Promise<unknown> };
}

/**
 * `GET /api/admin/insights?at=` on a service, for any admin role: the service's part of the dashboard, now (`at`
 * absent: null) or as it stood at the end of `at` (a future or malformed `at` is a 400). `compute` reads the
 * service's insight projections; its answer is checked against `schema`.
 */
export function insightsRoutes<S extends z.ZodType>(
  site: InsightsSite,
  schema: S,
  compute: (at: Date | null, now: Date) => Promise<z.input<S>>,
): Router {
  const router = Router();
  router.get('/api/admin/insights', requireAdmin(site.env.INTERNAL_SECRET), async (req, res) => {
    const { at } = parse(insightsQuery, req.query);
    await site.reports.catchUp(); // no write waits for these read models: every write so far is in the answer
    const part = schema.parse(await compute(at ? new Date(at) : null, site.clock()));
    res.set('Cache-Control', 'no-store').json(part);
  });
  return router;
}
