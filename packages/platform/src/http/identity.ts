import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { AdminRole } from '@12yards/api';
import { forbidden, unauthorized } from './errors';

export const IDENTITY_HEADER = 'x-admin-identity';
export const SIGNATURE_HEADER = 'x-admin-signature';
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * How old a signed identity may be when the service checks it. The gateway signs as it proxies, but the
 * service checks after reading a JSON body (up to 1 MB) that a slow client streams through the gateway.
 */
export const IDENTITY_MAX_AGE_MS = 30_000;
/** How far ahead of the service's clock a signature may be dated (clock skew between hosts). */
export const IDENTITY_MAX_SKEW_MS = 5_000;

export interface AdminIdentity {
  username: string;
  role: AdminRole;
}

/** The one request a signature is good for: its method, its URL as the service sees it, and its request id. */
export interface SignedRequest {
  method: string;
  /** Path and query, as in Express's req.originalUrl. */
  url: string;
  requestId: string;
}

interface Payload extends AdminIdentity {
  method: string;
  url: string;
  rid: string;
  /** Unique per signature: a service accepts each one once. */
  nonce: string;
  iat: number;
}

function mac(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** The headers the gateway adds to a proxied admin request, valid for that request only. */
export function signIdentity(
  identity: AdminIdentity,
  secret: string,
  request: SignedRequest,
  now = Date.now(),
): Record<string, string> {
  const body: Payload = {
    username: identity.username,
    role: identity.role,
    method: request.method.toUpperCase(),
    url: request.url,
    rid: request.requestId,
    nonce: randomBytes(16).toString('base64url'),
    iat: now,
  };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return { [IDENTITY_HEADER]: payload, [SIGNATURE_HEADER]: mac(payload, secret) };
}

/** A verified identity and the nonce that makes its signature single-use. */
export interface VerifiedIdentity extends AdminIdentity {
  nonce: string;
  expiresAt: number;
}

/**
 * The identity in a request's headers, or null when it is absent, forged, signed for another request (method,
 * URL or request id), older than {@link IDENTITY_MAX_AGE_MS} or dated more than {@link IDENTITY_MAX_SKEW_MS} ahead.
 */
export function verifyIdentity(
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  request: SignedRequest,
  now = Date.now(),
): VerifiedIdentity | null {
  const payload = headers[IDENTITY_HEADER];
  const signature = headers[SIGNATURE_HEADER];
  if (typeof payload !== 'string' || typeof signature !== 'string') return null;
  const expected = Buffer.from(mac(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let p: Partial<Payload>;
  try {
    p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Payload>;
  } catch {
    return null;
  }
  if (typeof p.username !== 'string' || (p.role !== 'admin' && p.role !== 'editor')) return null;
  if (p.method !== request.method.toUpperCase() || p.url !== request.url || p.rid !== request.requestId) {
    return null;
  }
  if (typeof p.nonce !== 'string' || p.nonce.length < 16) return null;
  if (typeof p.iat !== 'number' || p.iat > now + IDENTITY_MAX_SKEW_MS || now - p.iat > IDENTITY_MAX_AGE_MS) {
    return null;
  }
  return { username: p.username, role: p.role, nonce: p.nonce, expiresAt: p.iat + IDENTITY_MAX_AGE_MS };
}

/** The nonces a service has accepted and that are still young enough to be replayed: each is refused a second time. */
export class SeenNonces {
  private readonly seen = new Map<string, number>();

  /** False when the nonce was already used. */
  use(nonce: string, expiresAt: number, now = Date.now()): boolean {
    for (const [n, expiry] of this.seen) {
      if (expiry > now) break; // roughly in expiry order: the rest are younger
      this.seen.delete(n);
    }
    if (this.seen.has(nonce)) return false;
    this.seen.set(nonce, expiresAt);
    return true;
  }
}

const seenNonces = new SeenNonces();

declare module 'express-serve-static-core' {
  interface Request {
    admin?: AdminIdentity;
  }
}

/** The request a service received, in the terms the gateway signed it with. */
export function signedRequestOf(req: Request): SignedRequest {
  const rid = req.headers[REQUEST_ID_HEADER];
  return { method: req.method, url: req.originalUrl, requestId: typeof rid === 'string' ? rid : '' };
}

/** Services: refuse admin routes unless the gateway vouched for the caller, for this very request. */
export function requireAdmin(secret: string, role?: AdminRole) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const identity = verifyIdentity(req.headers, secret, signedRequestOf(req));
    if (!identity || !seenNonces.use(identity.nonce, identity.expiresAt)) {
      return next(unauthorized('A valid admin identity is required'));
    }
    if (role === 'admin' && identity.role !== 'admin')
      return next(forbidden('This action needs the admin role'));
    req.admin = { username: identity.username, role: identity.role };
    next();
  };
}
