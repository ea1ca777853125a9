import type { RequestHandler } from 'express';
import {
  HttpError,
  REQUEST_ID_HEADER,
  setMetricsRoute,
  signIdentity,
  type AdminIdentity,
  type Logger,
} from '@12yards/platform';
import { outgoingUrl } from './proxy';

export interface ServiceCall {
  /** The service's base URL. */
  target: string;
  /** The key the admin's identity is signed with (INTERNAL_SECRET). */
  secret: string;
  method: string;
  /** Path and query, as the service matches them. */
  path: string;
  admin: AdminIdentity;
  requestId: string;
  timeoutMs?: number;
  /** A JSON body (sent as application/json). */
  body?: unknown;
}

/**
 * A call the gateway makes itself to one service (a fan-out), as the signed-in admin: signed for this method, URL
 * and request id like a proxied request.
 */
export function callService(call: ServiceCall): Promise<globalThis.Response> {
  const url = outgoingUrl(call.target, call.path);
  return fetch(new URL(url, call.target), {
    method: call.method,
    ...(call.body !== undefined && { body: JSON.stringify(call.body) }),
    headers: {
      ...(call.body !== undefined && { 'Content-Type': 'application/json' }),
      [REQUEST_ID_HEADER]: call.requestId,
      ...signIdentity(call.admin, call.secret, { method: call.method, url, requestId: call.requestId }),
    },
    signal: AbortSignal.timeout(call.timeoutMs ?? 10_000),
  });
}

/** A service that did not answer a call the gateway makes itself: 503 with Retry-After, naming the service. */
export function serviceUnavailable(service: string): HttpError {
  const err = new HttpError(
    503,
    'unavailable',
    `The ${service} service did not answer; please try again shortly`,
  );
  err.headers['Retry-After'] = '2';
  return err;
}

/**
 * callService for a fan-out: a service that does not answer at all (refused, timed out) is logged at warn and thrown
 * as serviceUnavailable naming it. Its answer, whatever the status, is the caller's to judge.
 */
export async function callServiceOrUnavailable(
  call: ServiceCall & { service: string; logger: Logger; purpose: string },
): Promise<globalThis.Response> {
  const { service, logger, purpose, ...rest } = call;
  try {
    return await callService(rest);
  } catch (err) {
    logger.warn({ err, service }, `${purpose}: a service did not answer`);
    throw serviceUnavailable(service);
  }
}

/** A step that labels the request's metrics with the name of the gateway's own route (before its input is read). */
export const metricsRoute =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    setMetricsRoute(res, name);
    next();
  };
