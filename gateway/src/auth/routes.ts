import { Router, type CookieOptions, type Response } from 'express';
import express from 'express';
import { INVALID_CREDENTIALS, loginRequest, type SessionResponse } from '@12yards/api';
import { HttpError, parse } from '@12yards/platform';
import { ABSOLUTE_TIMEOUT_MS, type AdminSession, type Sessions } from './sessions';
import type { AdminUsers } from './users';
import { checkOrigin, cookieName, requireSession } from './guard';
import type { LoginThrottle } from './throttle';
import { verifyPassword } from './passwords';

export interface AuthDeps {
  users: AdminUsers;
  sessions: Sessions;
  throttle: LoginThrottle;
  secure: boolean;
  publicOrigin?: string;
  clock: () => Date;
}

const body = (s: AdminSession): SessionResponse => ({
  user: { username: s.username, role: s.role },
  csrfToken: s.csrfToken,
});

export function authRoutes(deps: AuthDeps): Router {
  const router = Router();
  const name = cookieName(deps.secure);
  const cookie: CookieOptions = { httpOnly: true, sameSite: 'strict', secure: deps.secure, path: '/' };
  const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

  router.post('/api/auth/login', express.json({ limit: '4kb' }), async (req, res) => {
    checkOrigin(req, deps.publicOrigin);
    const { username, password } = parse(loginRequest, req.body);
    await deps.throttle.before(req.ip ?? 'unknown', username);
    const user = await deps.users.findByUsername(username);
    // An unknown user costs one verification against a decoy with the real parameters: timing tells nothing.
    const ok = user?.isActive
      ? await verifyPassword(password, user.passwordHash)
      : (await verifyPassword(password, await deps.users.decoyHash()), false);
    if (!user || !ok) {
      await deps.throttle.failed(username);
      throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS);
    }
    await deps.throttle.succeeded(username);
    // A new session id at every login: a session planted before login is worthless.
    await deps.sessions.end(req.sessionToken);
    const { token, session } = await deps.sessions.create(user);
    await deps.users.recordLogin(user, deps.clock());
    res.cookie(name, token, { ...cookie, maxAge: ABSOLUTE_TIMEOUT_MS });
    noStore(res).json(body(session));
  });

  router.get('/api/auth/me', (req, res) => {
    if (!req.session) throw new HttpError(401, 'unauthorized', 'Not logged in');
    noStore(res).json(body(req.session));
  });

  router.post('/api/auth/logout', async (req, res) => {
    if (req.session) requireSession(req, deps.publicOrigin);
    await deps.sessions.end(req.sessionToken);
    res.clearCookie(name, cookie);
    noStore(res).status(204).end();
  });

  return router;
}
