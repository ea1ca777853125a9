import { ADMIN_ROLE_NEEDED, roleMayCall, type HttpMethod } from '@12yards/api';
import { useSession } from './session';

/**
 * Why the signed-in admin may not call `method path` (an operation of the OpenAPI document, e.g. 'delete',
 * '/api/admin/news/{id}'), or undefined when they may. The control that would call it is disabled with this reason.
 */
export function useDenied(method: Lowercase<HttpMethod>, path: string): string | undefined {
  const { user } = useSession();
  return roleMayCall(user.role, method, path) ? undefined : ADMIN_ROLE_NEEDED;
}
