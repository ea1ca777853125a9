import { createContext, useContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@12yards/api';
import { httpStatus } from './errors';

/** GET /api/auth/me: the signed-in admin and the CSRF token every write must send. */
export const ME_KEY = ['/api/auth/me'] as const;

/**
 * An answer of 401 means the session expired: the gate checks /api/auth/me again and sends the admin to the
 * login page. Used by every read, write and upload that fails.
 */
export function recheckSessionOn401(queryClient: QueryClient, err: unknown): void {
  if (httpStatus(err) === 401) void queryClient.invalidateQueries({ queryKey: ME_KEY });
}

export const SessionContext = createContext<SessionResponse | null>(null);

export function useSession(): SessionResponse {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the admin gate');
  return session;
}
