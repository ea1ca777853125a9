import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { CSP_DIRECTIVES } from './csp';

/** The one helmet configuration of every app. */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
};

/**
 * The headers helmet sets with {@link HELMET_OPTIONS}, worked out once: they do not depend on the request, so a
 * handler that answers before the middleware chain (a public read from memory) sends the very same ones.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let done = false;
  // A header sink stands in for the response: helmet only sets headers on it, synchronously.
  helmet(HELMET_OPTIONS)({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return Object.freeze(headers);
}
