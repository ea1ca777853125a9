import { z } from 'zod';
import { loginRequest, sessionResponse } from '../auth';
import { privacyErasureRequest, privacyErasureResult, privacyExport, privacyExportQuery } from '../privacy';
import { insights, insightsQuery } from '../insights';
import { activityEntry, activityFeedQuery, trashEmptied, trashItem } from '../workbench';
import { defineRoutes, named, json, list, none } from './contract';

// Requests (their input form) and answers (their output form) of the gateway routes.
const S = {
  login: named('LoginRequest', loginRequest),
  session: named('SessionResponse', sessionResponse),
  health: named('Health', z.object({ status: z.literal('ok') })),
  readiness: named(
    'Readiness',
    z.object({ status: z.enum(['ready', 'not_ready']), checks: z.record(z.string(), z.boolean()) }),
  ),
  activityEntry: named('ActivityEntry', activityEntry),
  insights: named('Insights', insights),
  trashItem: named('TrashItem', trashItem),
  trashEmptied: named('TrashEmptied', trashEmptied),
  privacyErasureRequest: named('PrivacyErasureRequest', privacyErasureRequest),
  privacyErasureResult: named('PrivacyErasureResult', privacyErasureResult),
  privacyExport: named('PrivacyExport', privacyExport),
  openApi: named('OpenApiDocument', z.object({ openapi: z.string() }).catchall(z.unknown())),
} as const;

export const gatewayRoutes = defineRoutes({
  login: {
    method: 'post',
    path: '/api/auth/login',
    tag: 'Auth',
    summary: 'Log in as an admin: sets the session cookie, answers the CSRF token for writes',
    access: 'public',
    body: { kind: 'json', schema: S.login },
    success: [{ status: 200, description: 'Logged in', body: json(S.session) }],
    // 401 wrong credentials, 403 a cross-site Origin, 429 too many attempts
    errors: [401, 403, 429],
  },
  me: {
    method: 'get',
    path: '/api/auth/me',
    tag: 'Auth',
    summary: 'The logged-in admin and the CSRF token',
    access: 'public',
    success: [{ status: 200, description: 'The session', body: json(S.session) }],
    errors: [401],
  },
  logout: {
    method: 'post',
    path: '/api/auth/logout',
    tag: 'Auth',
    summary: 'End the session (with a session, needs X-CSRF-Token)',
    access: 'public',
    success: [{ status: 204, description: 'Logged out', body: none }],
    errors: [403],
  },
  openApiDocument: {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Operations',
    summary: 'This OpenAPI document',
    access: 'public',
    success: [{ status: 200, description: 'The document', body: json(S.openApi) }],
  },
  openApiPage: {
    method: 'get',
    path: '/api/docs',
    tag: 'Operations',
    summary: 'This document as a readable page',
    access: 'public',
    success: [{ status: 200, description: 'An HTML page', body: { kind: 'html' } }],
  },
  health: {
    method: 'get',
    path: '/healthz',
    tag: 'Operations',
    summary: 'Liveness',
    access: 'public',
    success: [{ status: 200, description: 'Alive', body: json(S.health) }],
  },
  readiness: {
    method: 'get',
    path: '/readyz',
    tag: 'Operations',
    summary: 'Readiness (storage reachable)',
    access: 'public',
    success: [{ status: 200, description: 'Ready', body: json(S.readiness) }],
    errors: [503],
  },
  activity: {
    method: 'get',
    path: '/api/admin/activity',
    tag: 'History',
    summary:
      'The latest changes across the services, newest first; next page in the Link header; a service that did not answer is named in Activity-Unavailable',
    access: 'admin',
    query: activityFeedQuery,
    success: [{ status: 200, description: 'The changes', body: list(S.activityEntry) }],
    errors: [503],
  },
  insights: {
    method: 'get',
    path: '/api/admin/insights',
    tag: 'Insights',
    summary:
      'The dashboard: partners by status and type, applications and partners gained per week (12 weeks), median days to a first contract (90 days), contracts ending within 30/60/90 days, messages awaiting an answer over 48 hours, overdue action items, scheduled articles; now, or with ?at= as it stood at the end of that moment (not in the future). A service that did not answer is named in `unavailable`, its figures null',
    access: 'admin',
    query: insightsQuery,
    success: [{ status: 200, description: 'The figures', body: json(S.insights) }],
    errors: [503],
  },
  liveEvents: {
    method: 'get',
    path: '/api/admin/events',
    tag: 'History',
    summary:
      "Live updates (server-sent events): each event's `event:` is its kind (LIVE_EVENT_KINDS), its `data:` a LiveEvent (id, kind, at, entityType, entityId, title), its `id:` for Last-Event-ID on reconnection (replayed, or a `resync` event when no longer held); a comment every 15 s. At most 4 open streams per sign-in (a fifth is refused, 429) and LIVE_MAX_STREAMS per gateway (503 with Retry-After); a stream ends at once when its session ends",
    access: 'admin',
    success: [
      {
        status: 200,
        description: 'The stream',
        body: { kind: 'binary', contentTypes: ['text/event-stream'] },
      },
    ],
    errors: [429, 503],
  },
  trashList: {
    method: 'get',
    path: '/api/admin/trash',
    tag: 'Trash',
    summary:
      'The items in the trash across the services, newest first, each with when it is deleted for good',
    access: 'admin',
    success: [{ status: 200, description: 'The trashed items', body: list(S.trashItem) }],
    errors: [503],
  },
  trashEmpty: {
    method: 'delete',
    path: '/api/admin/trash',
    tag: 'Trash',
    summary: 'Empty the trash: every item in it is deleted for good',
    access: 'admin-role',
    success: [{ status: 200, description: 'How many were deleted', body: json(S.trashEmptied) }],
    errors: [503],
  },
  privacyErasure: {
    method: 'post',
    path: '/api/admin/privacy/erasure',
    tag: 'Privacy',
    summary:
      "Erase a person's personal data in every service (their keys deleted, read models and documents scrubbed); recorded under a hash of the email",
    access: 'admin-role',
    body: json(S.privacyErasureRequest),
    success: [{ status: 200, description: 'What each service erased', body: json(S.privacyErasureResult) }],
    errors: [503],
  },
  privacyExport: {
    method: 'get',
    path: '/api/admin/privacy/export',
    tag: 'Privacy',
    summary:
      'Everything every service holds about a person (applications, action items, messages, contracts, document names), as one document',
    access: 'admin-role',
    query: privacyExportQuery,
    success: [{ status: 200, description: 'What each service holds', body: json(S.privacyExport) }],
    errors: [503],
  },
});
