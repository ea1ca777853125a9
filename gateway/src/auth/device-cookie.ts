import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions } from 'express';

/** How long a browser stays a known device of the user it last logged in as. */
export const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60_000;

export function deviceCookieName(secure: boolean): string {
  return secure ? '__Host-12y_device' : '12y_device';
}

export const deviceCookieOptions = (secure: boolean): CookieOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure,
  path: '/',
  maxAge: DEVICE_COOKIE_MAX_AGE_MS,
});

/**
 * OWASP's device cookies: a browser where a user logged in gets a signed cookie naming that user. A login from
 * it is throttled per device instead of per username and IP, and checked ahead of anonymous guesses, so a flood
 * of bad logins from elsewhere neither locks the real user out nor makes them wait behind it. The cookie proves
 * nothing about the password: it only picks the throttle bucket and the place in the queue.
 */
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, so a device cookie can never pass for another HMAC made with the shared secret.
    this.key = createHmac('sha256', secret).update('12yards device cookie v1').digest();
  }

  private sign(username: string, nonce: string): string {
    return createHmac('sha256', this.key).update(`${username}\u0000${nonce}`).digest('base64url');
  }

  /** A new cookie value for this (lower-case) username. */
  issue(username: string): string {
    const nonce = randomBytes(16).toString('base64url');
    return `${nonce}.${this.sign(username, nonce)}`;
  }

  /** The device's id when the cookie was issued for this username, else null. */
  verify(value: unknown, username: string): string | null {
    if (typeof value !== 'string' || value.length > 200) return null;
    const [nonce, mac, extra] = value.split('.');
    if (!nonce || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(username.trim().toLowerCase(), nonce));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }
}
