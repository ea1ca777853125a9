import type { RequestHandler } from 'express';
import { callService, HttpError, setMetricsRoute, type Logger, type ServiceCall } from '@12yards/platform';

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
