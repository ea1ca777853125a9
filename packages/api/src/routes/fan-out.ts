import { z } from 'zod';
import { insightsQuery } from '../insights';
import { activityEntry, activityQuery, trashEmptied, trashItem } from '../workbench';
import { defineRoutes, named, json, list } from './contract';

// Answers of the routes the gateway fans out to.
const S = {
  activityEntry: named('ActivityEntry', activityEntry),
  trashItem: named('TrashItem', trashItem),
  trashEmptied: named('TrashEmptied', trashEmptied),
  insightsPart: named('InsightsPart', z.record(z.string(), z.unknown())),
} as const;

/**
 * What each service answers the gateway's fan-outs (its part of the activity feed, the trash and the dashboard), on
 * the paths of the gateway's own routes, which merge the parts (./gateway). Only the gateway calls them, as the
 * signed-in admin: they are in neither the OpenAPI document nor the gateway's access rule (ROUTE_CONTRACTS).
 */
export const fanOutRoutes = defineRoutes({
  activity: {
    method: 'get',
    path: '/api/admin/activity',
    tag: 'History',
    summary: "This service's changes, newest first; the next page in the Link header",
    access: 'admin',
    query: activityQuery,
    success: [{ status: 200, description: 'The changes', body: list(S.activityEntry) }],
  },
  insights: {
    method: 'get',
    path: '/api/admin/insights',
    tag: 'Insights',
    summary: "This service's part of the dashboard, now or as it stood at the end of `at`",
    access: 'admin',
    query: insightsQuery,
    success: [{ status: 200, description: 'The figures', body: json(S.insightsPart) }],
  },
  trashList: {
    method: 'get',
    path: '/api/admin/trash',
    tag: 'Trash',
    summary: "This service's items in the trash, newest first",
    access: 'admin',
    success: [{ status: 200, description: 'The trashed items', body: list(S.trashItem) }],
  },
  trashEmpty: {
    method: 'delete',
    path: '/api/admin/trash',
    tag: 'Trash',
    summary: "Empty this service's trash",
    access: 'admin-role',
    success: [{ status: 200, description: 'How many were deleted', body: json(S.trashEmptied) }],
  },
});
