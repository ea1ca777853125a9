import type { AdminRole } from './auth';
import { ENDPOINTS, type HttpMethod } from './openapi';

/** What the platform answers (403) when an editor calls an operation of the admin role; also the panel's tooltip. */
export const ADMIN_ROLE_NEEDED = 'This action needs the admin role';

/**
 * Whether a signed-in admin of `role` may call the documented operation `method path` (the OpenAPI form of the
 * path, e.g. '/api/admin/news/{id}'). Read from the endpoint list, so the panel hides or disables exactly what the
 * server would refuse. An operation that is not documented is a programming error.
 */
export function roleMayCall(role: AdminRole, method: HttpMethod, path: string): boolean {
  const endpoint = ENDPOINTS.find((e) => e.method === method && e.path === path);
  if (!endpoint) throw new Error(`No documented operation ${method.toUpperCase()} ${path}`);
  return endpoint.access !== 'admin-role' || role === 'admin';
}
