/** The services behind the gateway. */
export type ServiceName = 'status' | 'content' | 'partners' | 'contracts' | 'media';

interface Route {
  /** Matches the request path (no query). */
  match: RegExp;
  service: ServiceName;
  /** Methods that need an admin session (all when omitted and the path is under /api/admin). */
  adminMethods?: readonly string[];
}

const ALL = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const prefix = (p: string) => new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|$)`);

/**
 * The one routing table: first match wins, so the more specific entries come first.
 * Every /api/admin/* path needs an admin session; so do the few public-looking admin paths named here.
 */
export const ROUTES: readonly Route[] = [
  { match: /^\/api\/admin\/partners\/[^/]+\/contracts\/?$/, service: 'contracts' },
  { match: prefix('/api/admin/contracts'), service: 'contracts' },
  { match: prefix('/api/admin/contract-templates'), service: 'contracts' },

  { match: prefix('/api/admin/partners'), service: 'partners' },
  { match: prefix('/api/admin/partner-action-counts'), service: 'partners' },
  { match: prefix('/api/admin/contacts'), service: 'partners' },
  {
    match: prefix('/api/partners'),
    service: 'partners',
    adminMethods: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
  },
  {
    match: prefix('/api/contacts'),
    service: 'partners',
    adminMethods: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
  },

  { match: prefix('/api/admin/news'), service: 'content' },
  { match: prefix('/api/admin/faqs'), service: 'content' },
  { match: prefix('/api/admin/settings'), service: 'content' },
  { match: prefix('/api/admin/app-gallery'), service: 'content' },
  { match: prefix('/api/news'), service: 'content', adminMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] },
  { match: prefix('/api/faqs'), service: 'content', adminMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] },
  { match: prefix('/api/settings'), service: 'content', adminMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] },
  { match: prefix('/api/app-gallery'), service: 'content', adminMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] },

  { match: prefix('/api/admin/media'), service: 'media' },
  { match: prefix('/api/admin/upload'), service: 'media' },
  { match: prefix('/api/upload'), service: 'media', adminMethods: ALL },
  { match: prefix('/media'), service: 'media', adminMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] },

  { match: prefix('/api/admin/service-status'), service: 'status' },
  {
    match: prefix('/api/service-status'),
    service: 'status',
    adminMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
];

export interface Resolved {
  service: ServiceName;
  requiresAdmin: boolean;
}

export function resolveRoute(method: string, path: string): Resolved | null {
  const route = ROUTES.find((r) => r.match.test(path));
  if (!route) return null;
  const requiresAdmin =
    path.startsWith('/api/admin/') || path === '/api/admin' || (route.adminMethods ?? []).includes(method);
  return { service: route.service, requiresAdmin };
}
