import type { Router } from 'express';
import {
  ACTIVITY_UNAVAILABLE_HEADER,
  activityResponse,
  encodeActivityFeedCursor,
  ENTITY_SERVICES,
  nextCursorOf,
  nextLink,
  WORKBENCH_SERVICES,
  type ActivityEntry,
  type ActivityFeedPositions,
  type WorkbenchService,
} from '@12yards/api';
import { fanOutRoutes, gatewayRoutes } from '@12yards/api/src/routes';
import { callService, contractRoutes, HttpError, type AdminIdentity, type Logger } from '@12yards/platform';
import { activityCursor } from '@12yards/workbench';
import { sessionGuard } from './auth/guard';
import { metricsRoute } from './service-call';
import type { Targets } from './proxy';

export interface ActivityDeps {
  targets: Targets;
  secret: string;
  publicOrigin?: string;
  logger: Logger;
  /** How long one service may take to answer its page. */
  timeoutMs?: number;
}

interface ServicePage {
  service: WorkbenchService;
  entries: ActivityEntry[];
  /** The service said another page follows its entries. */
  more: boolean;
}

interface FeedQuery {
  limit: number;
  entityType?: string;
  actor?: string;
}

/** One service's page before `before` (from its newest without), asked as the admin (callService). */
async function fetchPage(
  deps: ActivityDeps,
  service: WorkbenchService,
  admin: AdminIdentity,
  requestId: string,
  query: FeedQuery,
  before: number | undefined,
): Promise<ServicePage> {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.entityType) params.set('entityType', query.entityType);
  if (query.actor) params.set('actor', query.actor);
  if (before !== undefined) params.set('cursor', activityCursor(before));
  const res = await callService({
    target: deps.targets[service],
    secret: deps.secret,
    method: 'GET',
    path: `${fanOutRoutes.activity.path}?${params}`,
    admin,
    requestId,
    timeoutMs: deps.timeoutMs,
  });
  if (!res.ok) throw new Error(`${service} answered ${res.status}`);
  const entries = activityResponse.parse(await res.json());
  return { service, entries, more: nextCursorOf(res.headers.get('link')) !== null };
}

/** Newest first; the same instant: by service, then by position (newest first). */
const newer = (a: ActivityEntry, b: ActivityEntry) =>
  a.at !== b.at ? a.at > b.at : a.service !== b.service ? a.service < b.service : a.position > b.position;

/**
 * Merges the services' pages newest first, taking from each only a prefix of its own order (so a service's next
 * page continues right after what was taken), and works out where each service stands for the next page.
 */
export function mergePages(
  pages: ServicePage[],
  positions: ActivityFeedPositions,
  limit: number,
): { items: ActivityEntry[]; next: ActivityFeedPositions; more: boolean } {
  const taken = new Map(pages.map((p) => [p.service, 0]));
  const items: ActivityEntry[] = [];
  while (items.length < limit) {
    let best: ServicePage | null = null;
    for (const page of pages) {
      const head = page.entries[taken.get(page.service)!];
      if (head && (!best || newer(head, best.entries[taken.get(best.service)!]!))) best = page;
    }
    if (!best) break;
    items.push(best.entries[taken.get(best.service)!]!);
    taken.set(best.service, taken.get(best.service)! + 1);
  }
  const next: ActivityFeedPositions = { ...positions };
  let more = false;
  for (const page of pages) {
    const count = taken.get(page.service)!;
    const left = count < page.entries.length || page.more;
    more ||= left;
    if (count > 0) next[page.service] = page.entries[count - 1]!.position;
    if (!left) next[page.service] = 0;
  }
  return { items, next, more };
}

/**
 * `GET /api/admin/activity?limit=&cursor=&entityType=&actor=`: the latest changes across the services, newest
 * first, for any admin role. Each service (only the owner of `entityType` when given) is asked for one page from
 * where the cursor says it stands; the pages are merged. A service that does not answer is named in the
 * Activity-Unavailable header and left where it stood, so a later page still brings its changes; when none
 * answers, 503.
 */
export function activityRoutes(deps: ActivityDeps): Router {
  const { router, on } = contractRoutes(sessionGuard(deps.publicOrigin));
  on(
    gatewayRoutes.activity,
    async ({ query: { cursor, ...query }, req, res }) => {
      const positions = cursor ?? {};
      const services = query.entityType ? [ENTITY_SERVICES[query.entityType]] : WORKBENCH_SERVICES;
      const asked = services.filter((s) => positions[s] !== 0);
      const results = await Promise.allSettled(
        asked.map((s) => fetchPage(deps, s, req.admin!, String(req.id), query, positions[s])),
      );
      const pages: ServicePage[] = [];
      const missing: WorkbenchService[] = [];
      results.forEach((r, i) => {
        if (r.status === 'fulfilled') pages.push(r.value);
        else {
          missing.push(asked[i]!);
          deps.logger.warn({ err: r.reason, service: asked[i] }, 'activity: a service did not answer');
        }
      });
      if (asked.length > 0 && pages.length === 0) {
        const err = new HttpError(503, 'unavailable', 'No service answered; please try again shortly');
        err.headers['Retry-After'] = '2';
        throw err;
      }
      const { items, next, more } = mergePages(pages, positions, query.limit);
      if (missing.length > 0) res.set(ACTIVITY_UNAVAILABLE_HEADER, missing.join(', '));
      if (more) res.set('Link', nextLink(req.originalUrl, encodeActivityFeedCursor(next)));
      return { status: 200, body: items };
    },
    { before: [metricsRoute('activity')] },
  );
  return router;
}
