import { ENTITY_SERVICES, type EntityType } from '@12yards/api';
import { ALL_ROUTES } from '@12yards/api/src/routes';

/** The services behind the gateway. */
export type ServiceName = 'status' | 'content' | 'partners' | 'contracts' | 'media';

interface Route {
  /** Matches the request path (no query). */
  match: RegExp;
  /** The service, or how to tell it from the (canonical) path. */
  service: ServiceName | ((path: string) => ServiceName);
}

const prefix = (p: string) => new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|$)`);

/** The service keeping the entity type named by /api/admin/<part>/:entityType/...; an unknown type: content (400). */
const byEntityType = (path: string): ServiceName => {
  const type = path.split('/')[4]!;
  return Object.hasOwn(ENTITY_SERVICES, type) ? ENTITY_SERVICES[type as EntityType] : 'content';
};

/** `GET /api/admin/history/:entityType/:id` goes to the service that keeps that entity type's events. */
const HISTORY_ROUTE: Route = { match: /^\/api\/admin\/history\/[^/]+\/[^/]+$/, service: byEntityType };

/**
 * A trashed item's restore and purge (`/api/admin/trash/:entityType/:id[/restore]`) go to the service that keeps it;
 * the whole trash (`/api/admin/trash`) is fanned out by src/trash.ts.
 */
const TRASH_ITEM_ROUTE: Route = {
  match: /^\/api\/admin\/trash\/[^/]+\/[^/]+(?:\/restore)?$/,
  service: byEntityType,
};

/**
 * The one routing table, which service owns which paths: first match wins, so the more specific entries come first.
 * Who may call is not written here but read from the route contracts (see {@link resolveRoute}).
 */
export const ROUTES: readonly Route[] = [
  HISTORY_ROUTE,
  TRASH_ITEM_ROUTE,
  { match: /^\/api\/admin\/partners\/[^/]+\/contracts\/?$/, service: 'contracts' },
  { match: prefix('/api/admin/contracts'), service: 'contracts' },
  { match: prefix('/api/admin/contract-templates'), service: 'contracts' },

  { match: prefix('/api/admin/partners'), service: 'partners' },
  { match: prefix('/api/admin/privacy/retention'), service: 'partners' }, // the retention setting
  { match: prefix('/api/admin/partner-action-counts'), service: 'partners' },
  { match: prefix('/api/admin/contacts'), service: 'partners' },
  { match: prefix('/api/partners'), service: 'partners' },
  { match: prefix('/api/contacts'), service: 'partners' },

  { match: prefix('/api/admin/news'), service: 'content' },
  { match: prefix('/api/admin/faqs'), service: 'content' },
  { match: prefix('/api/admin/settings'), service: 'content' },
  { match: prefix('/api/admin/app-gallery'), service: 'content' },
  { match: prefix('/api/news'), service: 'content' },
  { match: prefix('/api/faqs'), service: 'content' },
  { match: prefix('/api/settings'), service: 'content' },
  { match: prefix('/api/app-gallery'), service: 'content' },

  { match: prefix('/api/admin/media'), service: 'media' },
  { match: prefix('/api/admin/upload'), service: 'media' },
  { match: prefix('/api/upload'), service: 'media' },
  { match: prefix('/media'), service: 'media' },

  { match: prefix('/api/admin/service-status'), service: 'status' },
  { match: prefix('/api/service-status'), service: 'status' },
];

/**
 * Who may call is read from the route contracts: on a path of an entry of the table, a method is public when a public
 * contract of that entry has it (HEAD as GET); any other method needs an admin session, as does every /api/admin
 * path. A public write that may answer 429 is a public form (contact message, partner application): rate limited
 * per IP.
 */
const PUBLIC_METHODS = new Map<Route, Map<string, { rateLimited: boolean }>>();
for (const contract of ALL_ROUTES) {
  if (contract.access !== 'public') continue;
  const sample = canonicalPath(contract.path.replace(/\{\w+\}/g, 'sample'));
  const route = ROUTES.find((r) => r.match.test(sample));
  if (!route) continue; // the gateway's own (auth, documents, health): not proxied
  const methods = PUBLIC_METHODS.get(route) ?? new Map<string, { rateLimited: boolean }>();
  const method = contract.method.toUpperCase();
  methods.set(method, { rateLimited: method !== 'GET' && (contract.errors ?? []).includes(429) });
  PUBLIC_METHODS.set(route, methods);
}

export interface Resolved {
  service: ServiceName;
  requiresAdmin: boolean;
  /** A public form write: counts against the per-IP limit. */
  rateLimited: boolean;
}

/**
 * The path as the services' Express routers match it: case-insensitive and blind to trailing slashes. Every
 * decision of the gate is taken on this form, so `/API/Contacts/` cannot slip past a rule written for
 * `/api/contacts` and still reach the handler. (The request itself is proxied unchanged.)
 */
export function canonicalPath(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '') || '/';
}

/** Whether a path is under /api/admin (in any case, with or without a trailing slash). */
export function isAdminPath(path: string): boolean {
  const p = canonicalPath(path);
  return p === '/api/admin' || p.startsWith('/api/admin/');
}

export function resolveRoute(method: string, rawPath: string): Resolved | null {
  const path = canonicalPath(rawPath);
  const route = ROUTES.find((r) => r.match.test(path));
  if (!route) return null;
  const admin = isAdminPath(path);
  const operation = admin ? undefined : PUBLIC_METHODS.get(route)?.get(method === 'HEAD' ? 'GET' : method);
  // OPTIONS is answered by Express itself (the Allow header), for anyone, outside /api/admin.
  const requiresAdmin = admin || (!operation && method !== 'OPTIONS');
  const rateLimited = operation?.rateLimited ?? false;
  const service = typeof route.service === 'function' ? route.service(path) : route.service;
  return { service, requiresAdmin, rateLimited };
}
