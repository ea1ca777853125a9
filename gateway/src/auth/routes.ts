import express, { type CookieOptions, type Router } from 'express';
import { INVALID_CREDENTIALS, passwordLength, type SessionResponse } from '@12yards/api';
import { gatewayRoutes } from '@12yards/api/src/routes';
import { contractRoutes, HttpError } from '@12yards/platform';
import { ABSOLUTE_TIMEOUT_MS, type AdminSession, type Sessions } from './sessions';
import type { AdminUser, AdminUsers } from './users';
import { checkOrigin, cookieName, requireSession, sessionGuard } from './guard';
import type { LoginThrottle } from './throttle';
import { verifyPassword } from './passwords';
import { HashQueue } from './hash-queue';
import { DeviceCookies, deviceCookieName, deviceCookieOptions } from './device-cookie';

export interface AuthDeps {
  users: AdminUsers;
  sessions: Sessions;
  throttle: LoginThrottle;
  /** Bounds the password hashing logins do (default {@link HashQueue}'s). */
  hashing?: HashQueue;
  /** Signs the device cookies (the gateway's INTERNAL_SECRET). */
  deviceSecret: string;
  secure: boolean;
  publicOrigin?: string;
  clock: () => Date;
}

const body = (s: AdminSession): SessionResponse => ({
  user: { username: s.username, role: s.role },
  csrfToken: s.csrfToken,
});

export function authRoutes(deps: AuthDeps): Router {
  // Public routes: the binder answers them no-store; the logout checks the session's CSRF token itself.
  const { router, on } = contractRoutes(sessionGuard(deps.publicOrigin));
  const name = cookieName(deps.secure);
  const cookie: CookieOptions = { httpOnly: true, sameSite: 'strict', secure: deps.secure, path: '/' };

  const hashing = deps.hashing ?? new HashQueue();
  const devices = new DeviceCookies(deps.deviceSecret);
  const deviceCookie = deviceCookieName(deps.secure);

  /**
   * The active user whose password this is, else null. An unknown or inactive user costs a verification against a
   * decoy hash with the same parameters, so the timing tells nothing.
   */
  const checkPassword = async (
    client: string,
    username: string,
    password: string,
    knownDevice: boolean,
  ): Promise<AdminUser | null> => {
    // A password outside the length rule was never accepted, so it is wrong without hashing it.
    if (!passwordLength.safeParse(password).success) return null;
    const user = await deps.users.findByUsername(username);
    const active = user?.isActive ? user : null;
    const stored = active?.passwordHash ?? (await deps.users.decoyHash());
    const ok = await hashing.run(client, () => verifyPassword(password, stored), knownDevice);
    return ok ? active : null;
  };

  on(
    gatewayRoutes.login,
    async ({ body: { username, password }, req, res }) => {
      const ip = req.ip ?? 'unknown';
      const device = devices.verify(req.cookies?.[deviceCookie], username);
      const attempt = await deps.throttle.attempt(ip, username, device);
      let user: AdminUser | null;
      try {
        user = await checkPassword(device ? `device:${device}` : ip, username, password, device !== null);
      } catch (err) {
        // Refused before the password was checked (busy): not a guess.
        if (err instanceof HttpError) await attempt.refund();
        throw err;
      }
      if (!user) throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS);
      await attempt.succeeded();
      // A new session id at every login: a session planted before login is worthless.
      await deps.sessions.end(req.sessionToken);
      const { token, session } = await deps.sessions.create(user);
      await deps.users.recordLogin(user, deps.clock());
      res.cookie(name, token, { ...cookie, maxAge: ABSOLUTE_TIMEOUT_MS });
      res.cookie(deviceCookie, devices.issue(user.username), deviceCookieOptions(deps.secure));
      return { status: 200, body: body(session) };
    },
    {
      before: [
        express.json({ limit: '4kb' }),
        (req, _res, next) => {
          checkOrigin(req, deps.publicOrigin);
          next();
        },
      ],
    },
  );

  on(gatewayRoutes.me, ({ req }) => {
    if (!req.session) throw new HttpError(401, 'unauthorized', 'Not logged in');
    return { status: 200, body: body(req.session) };
  });

  on(gatewayRoutes.logout, async ({ req, res }) => {
    if (req.session) requireSession(req, deps.publicOrigin);
    await deps.sessions.end(req.sessionToken);
    res.clearCookie(name, cookie);
    return { status: 204 };
  });

  return router;
}
