import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import onHeaders from 'on-headers';
import { ZodError } from 'zod';
import { isInternalPath } from '@12yards/api/src/routes/fan-out';
import { ConcurrencyError, DependencyUnavailableError, unavailableDependency } from '../ports';
import { errorFields, LogSampler, redactUrl, type Logger } from '../observability/logging';
import { damagedDatabases, onDatabaseDamage } from '../embedded/sqlite';
import { HELMET_OPTIONS } from './security-headers';
import { DomainError } from '../es/errors';
import { domainHttpError, HttpError, validationError } from './errors';
import { IDENTITY_HEADER } from './identity';
import { VERSION_ETAG } from './preconditions';
import { httpMetrics, Metrics, timeBeforeExpress } from '../observability/metrics';

export interface HttpAppOptions {
  logger: Logger;
  /** Largest JSON body accepted (default {@link DEFAULT_JSON_LIMIT}); false leaves bodies unparsed (the gateway streams them on). */
  jsonLimit?: string | false;
  /** Named readiness checks for /readyz; every one must answer true. */
  readiness?: Record<string, () => Promise<boolean>>;
  /**
   * Express's `trust proxy`: the proxies whose X-Forwarded-For is believed (a hop count, or addresses and subnets).
   * Default none: req.ip is the socket's address, so a client cannot choose the address it is counted under.
   */
  trustProxy?: false | number | string[];
  /**
   * A plain node handler run before Express itself (and so before helmet, request ids and logging): one that
   * answers hot reads from memory sets those headers itself (see securityHeaders) and calls `next` at once for
   * every other request.
   */
  first?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** This process's metrics (default: a registry of its own); read back with {@link metricsOf}. */
  metrics?: Metrics;
  /** Serve GET /metrics on this app (default true; the gateway serves it on a port of its own instead). */
  metricsRoute?: boolean;
}

/** The metrics createHttpApp observes into. */
export function metricsOf(app: Express): Metrics {
  return app.locals.metrics as Metrics;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Room for every body the schemas of @12yards/api allow: the largest is a news article (100 000 characters of
 * content plus title, excerpt and image URL), which JSON-escaped as \uXXXX takes up to 6 bytes a character (~620 KB).
 */
export const DEFAULT_JSON_LIMIT = '1mb';

const ADMIN_PATH = /^\/api\/admin(?:\/|$)/i;

/**
 * An admin call: an /api/admin/* or internal path (Express routes ignore case), or one the gateway signed an admin
 * identity into.
 */
export function isAdminRequest(req: Request): boolean {
  return ADMIN_PATH.test(req.path) || isInternalPath(req.path) || req.headers[IDENTITY_HEADER] !== undefined;
}

/**
 * Admin answers are never cached nor revalidated: the conditional request headers are dropped (so Express never
 * answers 304) and, whatever a handler or a proxied service set, the response leaves with Cache-Control: no-store
 * and without Last-Modified, and without ETag unless it is an entity's version (see preconditions.ts), which the
 * admin sends back in If-Match.
 */
function neverCacheAdmin(req: Request, res: Response, next: NextFunction) {
  if (!isAdminRequest(req)) return next();
  delete req.headers['if-none-match'];
  delete req.headers['if-modified-since'];
  onHeaders(res, function (this: ServerResponse) {
    const etag = this.getHeader('ETag');
    if (typeof etag !== 'string' || !VERSION_ETAG.test(etag)) this.removeHeader('ETag');
    this.removeHeader('Last-Modified');
    this.setHeader('Cache-Control', 'no-store');
  });
  next();
}

/** An Express app with the platform's edge: helmet, request ids and logging, JSON limit, health endpoints. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  const metrics = options.metrics ?? new Metrics();
  app.locals.metrics = metrics;
  if (options.first) {
    // Express calls app.handle for every request: the hot path answers before Express builds its request.
    const first = options.first;
    // app.handle, which Express calls for every request, is not in its published types.
    const express = app as unknown as {
      handle(req: IncomingMessage, res: ServerResponse, next?: unknown): void;
    };
    const handle = express.handle.bind(app);
    express.handle = (req, res, next) => {
      const passedOn = timeBeforeExpress(metrics, req, res);
      first(req, res, () => {
        passedOn();
        handle(req, res, next);
      });
    };
  }
  app.use(httpMetrics(metrics));
  app.use(helmet(HELMET_OPTIONS));
  // Deliberate refusals (503 under overload) are logged at most once a second each, as a warning.
  const refusals = new LogSampler(1000);
  app.use(
    pinoHttp({
      logger: options.logger,
      // One short line per request (method, path with credential-like query values redacted, status, time); the
      // headers are never logged. Lines logged through req.log carry only the request id.
      quietReqLogger: true,
      serializers: {
        req: (req: { id?: unknown; method?: string; url?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url ?? ''),
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        // pino-http would put pino's own back for the lines of req.log.
        err: errorFields,
      },
      customLogLevel: (_req, res, err) => {
        const refusal = (res as Response).locals?.refusal as string | undefined;
        if (refusal) {
          const skipped = refusals.take(refusal);
          if (skipped === null) return 'silent';
          (res as Response).locals.skipped = skipped;
          return 'warn';
        }
        return err || res.statusCode >= 500 ? 'error' : 'info';
      },
      customSuccessMessage: (req, res, ms) => requestLine(req, res, ms),
      // pino-http passes the response time fourth (its types stop at three).
      customErrorMessage: (req, res, _err, ms?: number) => {
        const line = requestLine(req, res, ms ?? 0);
        const { refusal, skipped } = (res as Response).locals ?? {};
        if (!refusal) return line;
        return `${line} ${refusal}${skipped ? ` (${skipped} more since the last line)` : ''}`;
      },
      // The error itself is logged once by the error handler (finishHttpApp); the request line says what happened.
      customErrorObject: (_req, _res, _err, val: Record<string, unknown>) => ({ ...val, err: undefined }),
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: {
        ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics',
      },
    }),
  );
  app.use(neverCacheAdmin);
  if (options.jsonLimit !== false) app.use(express.json({ limit: options.jsonLimit ?? DEFAULT_JSON_LIMIT }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  onDatabaseDamage((file, why) =>
    options.logger.error(
      { file, damaged: why },
      'a database file is damaged: not ready until it is repaired',
    ),
  );
  app.get('/readyz', async (_req, res) => {
    // In parallel: a slow check (a service behind the gateway) does not add to the others.
    const entries = Object.entries(options.readiness ?? {});
    const results = await Promise.all(entries.map(([, check]) => check().catch(() => false)));
    const checks = Object.fromEntries(entries.map(([name], i) => [name, results[i] === true]));
    // A database file SQLite found damaged while this process ran (a statement, the periodic quick_check).
    const damaged = [...damagedDatabases().values()];
    const ok = Object.values(checks).every(Boolean) && damaged.length === 0;
    res
      .status(ok ? 200 : 503)
      .json({ status: ok ? 'ready' : 'not_ready', checks, ...(damaged.length > 0 && { damaged }) });
  });
  if (options.metricsRoute !== false) {
    app.get('/metrics', async (_req, res) => {
      const { contentType, body } = await metrics.expose();
      res.set('Cache-Control', 'no-store').type(contentType).send(body);
    });
  }
  return app;
}

/** `GET /api/news?page=2 200 12 ms`: a request as its log line says it. */
function requestLine(req: IncomingMessage, res: ServerResponse, ms: number): string {
  const url = (req as Partial<Request>).originalUrl ?? req.url ?? '';
  return `${req.method} ${redactUrl(url)} ${res.statusCode} ${Math.round(ms)} ms`;
}

/** Adds the 404 for unknown routes and the one error handler. Call after every route is mounted. */
export function finishHttpApp(app: Express, logger: Logger): Express {
  app.use((req: Request, _res: Response, next: NextFunction) => {
    next(new HttpError(404, 'not_found', `No route for ${req.method} ${req.path}`));
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const error = toHttpError(err);
    // A deliberate refusal is said by the request's own (sampled, warn) line; anything else 5xx is an error.
    if (error.deliberate) res.locals.refusal = error.code;
    else if (error.status >= 500) (req.log ?? logger).error({ err }, 'request failed');
    if (res.headersSent) return;
    res.set(error.headers);
    res.status(error.status).json({
      error: {
        code: error.code,
        message: error.message,
        ...(error.details !== undefined && { details: error.details }),
      },
    });
  });
  return app;
}

export function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof DomainError) return domainHttpError(err);
  if (err instanceof ZodError) return validationError(err);
  if (err instanceof ConcurrencyError) {
    return new HttpError(409, 'conflict', 'The record was changed by someone else; reload and try again');
  }
  // A backing server that does not answer is a 503 naming it, not a 500: the same request can succeed later.
  const dependency = unavailableDependency(err);
  if (dependency) {
    const { message } = new DependencyUnavailableError(dependency);
    const unavailable = new HttpError(503, 'dependency_unavailable', message, { dependency });
    unavailable.headers['Retry-After'] = '5';
    return unavailable;
  }
  const e = err as { type?: string; status?: number; message?: string; code?: string };
  if (e?.type === 'entity.too.large')
    return new HttpError(413, 'payload_too_large', 'The request body is too large');
  if (e?.type === 'entity.parse.failed')
    return new HttpError(400, 'invalid_json', 'The request body is not valid JSON');
  if (e?.code === 'LIMIT_FILE_SIZE') return new HttpError(413, 'payload_too_large', 'The file is too large');
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return new HttpError(e.status, 'bad_request', e.message ?? 'Bad request');
  }
  return new HttpError(500, 'internal', 'Something went wrong on our side');
}
