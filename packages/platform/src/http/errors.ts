import type { ZodError } from 'zod';
import { Conflict, type DomainError, Invalid, NotFound, NotYetReadable, StaleVersion } from '../es/errors';

/** An error that becomes an HTTP answer `{ error: { code, message, details? } }`. */
export class HttpError extends Error {
  /** Extra response headers, e.g. Retry-After on a 429. */
  headers: Record<string, string> = {};
  /**
   * A refusal made on purpose to protect the process (admission control, a full queue): expected under load, so
   * logged as a sampled warning, not as an error (see {@link refuseBusy}).
   */
  deliberate = false;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A deliberate 503 with Retry-After: the process is busy by design (a full wait line), not broken. */
export function refuseBusy(code: string, message: string, retryAfterSeconds: number): HttpError {
  const err = new HttpError(503, code, message);
  err.headers['Retry-After'] = String(retryAfterSeconds);
  err.deliberate = true;
  return err;
}

export const badRequest = (message: string, details?: unknown) =>
  new HttpError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, details?: unknown) =>
  new HttpError(409, 'conflict', message, details);
export const unprocessable = (message: string, details?: unknown) =>
  new HttpError(422, 'unprocessable', message, details);

/** A domain error as the HTTP answer it stands for: 404, 409, 400, or 412 for a stale If-Match. */
export function domainHttpError(err: DomainError): HttpError {
  if (err instanceof NotFound) return new HttpError(404, 'not_found', err.message, err.details);
  if (err instanceof Conflict) return new HttpError(409, 'conflict', err.message, err.details);
  if (err instanceof Invalid) return new HttpError(400, 'bad_request', err.message, err.details);
  if (err instanceof StaleVersion) return new HttpError(412, 'precondition_failed', err.message);
  if (err instanceof NotYetReadable) {
    const later = new HttpError(503, 'saved_not_readable', err.message);
    later.headers['Retry-After'] = '2';
    return later;
  }
  return new HttpError(500, 'internal', 'Something went wrong on our side');
}

/** The zod issues as the `details` of a 400: path as a dotted string, and the message. */
export function zodDetails(error: ZodError) {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, code: i.code }));
}

export function validationError(error: ZodError): HttpError {
  const first = error.issues[0];
  const where = first && first.path.length ? `${first.path.map(String).join('.')}: ` : '';
  return new HttpError(
    400,
    'validation_failed',
    `Invalid input: ${where}${first?.message ?? 'invalid'}`,
    zodDetails(error),
  );
}
