import { createContext, useContext } from 'react';
import type { SessionResponse } from '@12yards/api';

/** GET /api/auth/me: the signed-in admin and the CSRF token every write must send. */
export const ME_KEY = ['/api/auth/me'] as const;

export const SessionContext = createContext<SessionResponse | null>(null);

export function useSession(): SessionResponse {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the admin gate');
  return session;
}
