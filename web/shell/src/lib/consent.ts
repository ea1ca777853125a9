// The visitor's stored cookie choice: read by the banner, and by the page's boot script before the app starts (a
// visitor who already chose never sees the server-rendered banner). No React here, so boot can import it.

export const COOKIE_CONSENT_KEY = 'cookie-consent';

export interface CookieConsent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
  timestamp: string;
}

/** The privacy policy promises to ask again after 12 months. */
export const CONSENT_MAX_AGE_MONTHS = 12;

/** True when the consent was given within the last 12 months; a missing or unreadable timestamp is not valid. */
export function isConsentCurrent(timestamp: unknown, now: Date = new Date()): boolean {
  if (typeof timestamp !== 'string') return false;
  const expires = new Date(timestamp);
  if (Number.isNaN(expires.getTime())) return false;
  expires.setMonth(expires.getMonth() + CONSENT_MAX_AGE_MONTHS);
  return now < expires;
}

/** The stored consent, or null when there is none, it cannot be read, or it has expired. */
export function readConsent(): CookieConsent | null {
  try {
    const raw = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    const consent = raw ? (JSON.parse(raw) as Partial<CookieConsent> | null) : null;
    return consent && isConsentCurrent(consent.timestamp) ? (consent as CookieConsent) : null;
  } catch {
    return null;
  }
}
