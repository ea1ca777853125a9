import http from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import {
  HttpError,
  IDENTITY_HEADER,
  outgoingUrl,
  redactUrl,
  refuseBusy,
  REQUEST_ID_HEADER,
  SIGNATURE_HEADER,
  signIdentity,
  type Logger,
} from '@12yards/platform';
import { Admission, type AdmissionLimits } from './admission';
import type { GatewayEnv } from './config';
import type { ServiceName } from './routing';

export type Targets = Record<ServiceName, string>;

/** The gateway's variables that name each service's base URL. */
export type ServiceUrls = Pick<
  GatewayEnv,
  'STATUS_URL' | 'CONTENT_URL' | 'PARTNERS_URL' | 'CONTRACTS_URL' | 'MEDIA_URL'
>;

/** Each service's base URL, as the gateway's configuration names them. */
export function serviceTargets(env: ServiceUrls): Targets {
  return {
    status: env.STATUS_URL,
    content: env.CONTENT_URL,
    partners: env.PARTNERS_URL,
    contracts: env.CONTRACTS_URL,
    media: env.MEDIA_URL,
  };
}
export type ProxyLimits = AdmissionLimits;

/** What a client turned away under overload is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

/** The URL the service will see for a proxied request (the platform's, shared with the calls the gateway makes). */
export { outgoingUrl };

/**
 * The admin's credentials, meant for the gateway alone: the session cookie and the CSRF token never reach a service
 * (the signed identity says who asks), so a service, its logs or its traces never hold them.
 */
export const GATEWAY_ONLY_HEADERS = ['cookie', 'x-csrf-token'] as const;

/**
 * Replaces whatever identity a client sent with the gateway's own: the client's identity headers are dropped,
 * the admin's cookie and CSRF token are dropped, the request id is set, and an admin's identity is signed for this method, URL and request id.
 * It works on the incoming request's headers, before http-proxy copies them, so no hook of the proxy is needed
 * (a proxyReq hook runs late, or not at all with Expect: 100-continue).
 */
export function vouch(req: Request, target: string, secret: string): void {
  delete req.headers[IDENTITY_HEADER];
  delete req.headers[SIGNATURE_HEADER];
  for (const name of GATEWAY_ONLY_HEADERS) delete req.headers[name];
  const requestId = String(req.id);
  req.headers[REQUEST_ID_HEADER] = requestId;
  if (req.admin) {
    const url = outgoingUrl(target, req.url);
    Object.assign(req.headers, signIdentity(req.admin, secret, { method: req.method, url, requestId }));
  }
}

/** Errors of a connection the service never took (refused, no such host): the request did not reach it. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const unreachable = (err: unknown) => UNREACHABLE.has((err as { code?: string } | undefined)?.code ?? '');

function overloaded(service: ServiceName): HttpError {
  return refuseBusy(
    'overloaded',
    `The ${service} service is busy; please try again shortly`,
    RETRY_AFTER_SECONDS,
  );
}

/**
 * One keep-alive proxy per service behind its own admission: at most `maxInFlight` requests proxied at once, a
 * bounded wait line, then 503 with Retry-After. The admin's identity is signed into every proxied request that has one.
 */
export function createProxies(
  targets: Targets,
  secret: string,
  logger: Logger,
  limits: ProxyLimits,
  /** Sees each service's answer before its headers are copied to the client (the gateway's copy of public reads). */
  onAnswer?: (proxyRes: http.IncomingMessage, req: Request, service: ServiceName) => void,
): Record<ServiceName, RequestHandler> {
  const make = (service: ServiceName): RequestHandler => {
    const target = targets[service];
    const admission = new Admission(limits);
    // Never more sockets than places, so the agent never queues a request of its own.
    const agent = new http.Agent({ keepAlive: true, maxSockets: limits.maxInFlight, keepAliveMsecs: 10_000 });
    const proxy = createProxyMiddleware<Request, Response>({
      target,
      agent,
      xfwd: true,
      proxyTimeout: 60_000,
      on: {
        ...(onAnswer && { proxyRes: (proxyRes, req) => onAnswer(proxyRes, req, service) }),
        error: (err, req, res) => {
          // An error here must answer this one request and never escape (it would end the process).
          try {
            logger.error({ err, service, url: redactUrl((req as Request).originalUrl) }, 'proxy error');
            const out = res as Response;
            if (typeof out.status !== 'function' || out.headersSent) {
              out.destroy?.();
              return;
            }
            // No connection to the service (a replica stopping or restarting, or none running): nothing reached
            // it, so the client may send again; any other failure stays a 502.
            if (unreachable(err)) {
              out
                .status(503)
                .set('Retry-After', String(RETRY_AFTER_SECONDS))
                .json({ error: { code: 'unavailable', message: `The ${service} service is unavailable` } });
              return;
            }
            out
              .status(502)
              .json({ error: { code: 'bad_gateway', message: `The ${service} service is unavailable` } });
          } catch (e) {
            logger.error({ err: e, service }, 'proxy error handler failed');
            (res as http.ServerResponse).destroy?.();
          }
        },
      },
    });

    return async (req: Request, res: Response, next: NextFunction) => {
      const gone = new AbortController();
      let holding = false;
      res.once('close', () => {
        // Only a request still waiting for its place needs to hear it is gone (an abort makes a DOMException with
        // a stack: a measurable cost when paid by every request).
        if (holding) admission.release();
        else gone.abort();
        holding = false;
      });
      if (!(await admission.enter(gone.signal))) {
        if (!gone.signal.aborted) next(overloaded(service));
        return;
      }
      if (gone.signal.aborted) {
        admission.release();
        return;
      }
      holding = true;
      try {
        vouch(req, target, secret);
        await proxy(req, res, next);
      } catch (err) {
        next(err);
      }
    };
  };
  return {
    status: make('status'),
    content: make('content'),
    partners: make('partners'),
    contracts: make('contracts'),
    media: make('media'),
  };
}

export type { NextFunction };
