import type { ZodError } from 'zod';
import {
  Conflict,
  type DomainError,
  Invalid,
  JobFailed,
  NotFound,
  NotReady,
  NotYetReadable,
  RangeNotSatisfiable,
  StaleVersion,
  TooLarge,
  Unavailable,
  UnsupportedMediaType,
  Unprocessable,
} from '../es/errors';

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

export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, details?: unknown) =>
  new HttpError(409, 'conflict', message, details);

/** A domain error's status and code (the error's own code, when it has one, else its kind's). */
function answer(err: DomainError, status: number, code: string): HttpError {
  return new HttpError(status, err.code ?? code, err.message, err.details);
}

/**
 * A domain error as the HTTP answer it stands for: 404, 409, 400, 412 for a stale If-Match, 413, 415, 416 (with
 * Content-Range), 422, 409 not_ready, 500 job_failed, 503 with Retry-After.
 */
export function domainHttpError(err: DomainError): HttpError {
  if (err instanceof NotFound) return answer(err, 404, 'not_found');
  if (err instanceof Conflict) return answer(err, 409, 'conflict');
  if (err instanceof Invalid) return answer(err, 400, 'bad_request');
  if (err instanceof StaleVersion) return new HttpError(412, 'precondition_failed', err.message);
  if (err instanceof TooLarge) return answer(err, 413, 'payload_too_large');
  if (err instanceof UnsupportedMediaType) return answer(err, 415, 'unsupported_media_type');
  if (err instanceof Unprocessable) return answer(err, 422, 'unprocessable');
  if (err instanceof NotReady) return answer(err, 409, 'not_ready');
  if (err instanceof JobFailed) return answer(err, 500, 'job_failed');
  if (err instanceof RangeNotSatisfiable) {
    const refused = answer(err, 416, 'range_not_satisfiable');
    refused.headers['Content-Range'] = `bytes */${err.size}`;
    return refused;
  }
  if (err instanceof Unavailable) {
    const later = answer(err, 503, 'dependency_unavailable');
    later.headers['Retry-After'] = String(err.retryAfterSeconds);
    return later;
  }
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
