import { z } from 'zod';
import { insightsQuery } from '../insights';
import { privacyErasureRequest, privacyExportQuery, serviceErasure, serviceExport } from '../privacy';
import { activityEntry, activityQuery, trashEmptied, trashItem } from '../workbench';
import { defineRoutes, named, json, list } from './contract';

// Answers of the routes the gateway fans out to.
const S = {
  activityEntry: named('ActivityEntry', activityEntry),
  trashItem: named('TrashItem', trashItem),
  trashEmptied: named('TrashEmptied', trashEmptied),
  insightsPart: named('InsightsPart', z.record(z.string(), z.unknown())),
  privacyErasureRequest: named('PrivacyErasureRequest', privacyErasureRequest),
  serviceErasure: named('ServiceErasure', serviceErasure),
  serviceExport: named('ServiceExport', serviceExport),
} as const;

/**
 * The prefix of the services' internal paths: only the gateway calls them, with the signed identity of the admin it
 * calls for, and the gateway never routes them from outside (a request to one there is a 404).
 */
export const INTERNAL_PREFIX = '/internal';

/** Whether a path (as the services match it: any case, with or without a trailing slash) is an internal one. */
export function isInternalPath(path: string): boolean {
  const p = path.toLowerCase().replace(/\/+$/, '');
  return p === INTERNAL_PREFIX || p.startsWith(`${INTERNAL_PREFIX}/`);
}

/**
 * What each service answers the gateway's fan-outs (its part of the activity feed, the trash, the dashboard, a
 * person's erasure and export), under the internal prefix; the gateway's own routes, which merge the parts, are the
 * public ones (./gateway). Only the gateway calls them, as the signed-in admin: they are in neither the OpenAPI
 * document nor the gateway's access rule (ROUTE_CONTRACTS).
 */
export const fanOutRoutes = defineRoutes({
  activity: {
    method: 'get',
    path: '/internal/activity',
    tag: 'History',
    summary: "This service's changes, newest first; the next page in the Link header",
    access: 'admin',
    query: activityQuery,
    success: [{ status: 200, description: 'The changes', body: list(S.activityEntry) }],
  },
  insights: {
    method: 'get',
    path: '/internal/insights',
    tag: 'Insights',
    summary: "This service's part of the dashboard, now or as it stood at the end of `at`",
    access: 'admin',
    query: insightsQuery,
    success: [{ status: 200, description: 'The figures', body: json(S.insightsPart) }],
  },
  trashList: {
    method: 'get',
    path: '/internal/trash',
    tag: 'Trash',
    summary: "This service's items in the trash, newest first",
    access: 'admin',
    success: [{ status: 200, description: 'The trashed items', body: list(S.trashItem) }],
  },
  trashEmpty: {
    method: 'delete',
    path: '/internal/trash',
    tag: 'Trash',
    summary: "Empty this service's trash",
    access: 'admin-role',
    success: [{ status: 200, description: 'How many were deleted', body: json(S.trashEmptied) }],
  },
  privacyErasure: {
    method: 'post',
    path: '/internal/privacy/erasure',
    tag: 'Privacy',
    summary: "Erase a person's personal data in this service",
    access: 'admin-role',
    body: json(S.privacyErasureRequest),
    success: [{ status: 200, description: 'What this service erased', body: json(S.serviceErasure) }],
  },
  privacyExport: {
    method: 'get',
    path: '/internal/privacy/export',
    tag: 'Privacy',
    summary: 'Everything this service holds about a person',
    access: 'admin-role',
    query: privacyExportQuery,
    success: [{ status: 200, description: 'What this service holds', body: json(S.serviceExport) }],
  },
});
