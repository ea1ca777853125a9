import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { forbidden, unauthorized, type AccessGuard } from '@12yards/platform';
import type { AdminSession, Sessions } from './sessions';

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'express-serve-static-core' {
  interface Request {
    session?: AdminSession | null;
    sessionToken?: string;
  }
}

export function cookieName(secure: boolean): string {
  // The __Host- prefix pins the cookie to this host and path / over HTTPS.
  return secure ? '__Host-12y_session' : '12y_session';
}

/** Loads the admin session (if any) from the cookie onto the request. */
export function loadSession(sessions: Sessions, secure: boolean) {
  const name = cookieName(secure);
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = req.cookies?.[name] as string | undefined;
    req.sessionToken = token;
    req.session = await sessions.resolve(token);
    next();
  };
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The request's own origin, or the configured public one. */
export function expectedOrigin(req: Request, publicOrigin?: string): string {
  return publicOrigin ?? `${req.protocol}://${req.get('host')}`;
}

/** A cross-site Origin is refused (when the browser sends one): the login, which no cookie authenticates yet. */
export function checkOrigin(req: Request, publicOrigin?: string): void {
  const origin = req.get('origin');
  if (origin && origin !== expectedOrigin(req, publicOrigin)) throw forbidden('Cross-site request refused');
}

/**
 * A cookie-authenticated write must show it comes from the site itself: an `Origin` equal to the site's or, when
 * the browser sends none, `Sec-Fetch-Site: same-origin`. A foreign Origin, or neither header, is refused.
 */
export function checkSameOrigin(req: Request, publicOrigin?: string): void {
  checkOrigin(req, publicOrigin);
  if (!req.get('origin') && req.get('sec-fetch-site') !== 'same-origin') {
    throw forbidden('Cross-site request refused: no Origin of this site');
  }
}

/**
 * 401 without a live session; for writes, 403 without the session's CSRF token, or without a same-origin sign
 * (see {@link checkSameOrigin}).
 */
export function requireSession(req: Request, publicOrigin?: string): AdminSession {
  const session = req.session;
  if (!session) throw unauthorized('Please log in as an admin');
  if (!SAFE_METHODS.has(req.method)) {
    checkSameOrigin(req, publicOrigin);
    const token = req.get('x-csrf-token');
    if (!token || !sameToken(token, session.csrfToken)) throw forbidden('Missing or invalid CSRF token');
  }
  return session;
}

/**
 * Who may call the gateway's own admin routes (the binder's check, contractRoutes): a live session as
 * {@link requireSession} asks it, of role admin for an `admin-role` route. The admin is then `req.admin`.
 */
export function sessionGuard(publicOrigin?: string): AccessGuard {
  return (access) => (req, _res, next) => {
    try {
      const session = requireSession(req, publicOrigin);
      if (access === 'admin-role' && session.role !== 'admin')
        throw forbidden('This action needs the admin role');
      req.admin = { username: session.username, role: session.role };
      next();
    } catch (err) {
      next(err);
    }
  };
}
