import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { AdminRole } from '@12yards/api';
import { forbidden, unauthorized } from './errors';

export const IDENTITY_HEADER = 'x-admin-identity';
export const SIGNATURE_HEADER = 'x-admin-signature';
/** A signed identity is good for this long: enough for one proxied request, useless for replay later. */
const MAX_AGE_MS = 60_000;

export interface AdminIdentity {
  username: string;
  role: AdminRole;
}

function mac(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** The headers the gateway adds to a proxied admin request. */
export function signIdentity(
  identity: AdminIdentity,
  secret: string,
  now = Date.now(),
): Record<string, string> {
  const payload = Buffer.from(JSON.stringify({ ...identity, iat: now })).toString('base64url');
  return { [IDENTITY_HEADER]: payload, [SIGNATURE_HEADER]: mac(payload, secret) };
}

/** The identity in a request's headers, or null when it is absent, forged or stale. */
export function verifyIdentity(
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  now = Date.now(),
): AdminIdentity | null {
  const payload = headers[IDENTITY_HEADER];
  const signature = headers[SIGNATURE_HEADER];
  if (typeof payload !== 'string' || typeof signature !== 'string') return null;
  const expected = Buffer.from(mac(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { username, role, iat } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof username !== 'string' || (role !== 'admin' && role !== 'editor')) return null;
    if (typeof iat !== 'number' || Math.abs(now - iat) > MAX_AGE_MS) return null;
    return { username, role };
  } catch {
    return null;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    admin?: AdminIdentity;
  }
}

/** Services: refuse admin routes unless the gateway vouched for the caller. */
export function requireAdmin(secret: string, role?: AdminRole) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const identity = verifyIdentity(req.headers, secret);
    if (!identity) return next(unauthorized('A valid admin identity is required'));
    if (role === 'admin' && identity.role !== 'admin')
      return next(forbidden('This action needs the admin role'));
    req.admin = identity;
    next();
  };
}
