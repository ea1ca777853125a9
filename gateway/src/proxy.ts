import http from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { IDENTITY_HEADER, SIGNATURE_HEADER, signIdentity, type Logger } from '@12yards/platform';
import type { ServiceName } from './routing';

export type Targets = Record<ServiceName, string>;

/** One keep-alive proxy per service; the admin's identity is signed into every proxied request that has one. */
export function createProxies(
  targets: Targets,
  secret: string,
  logger: Logger,
): Record<ServiceName, RequestHandler> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });
  const make = (service: ServiceName): RequestHandler =>
    createProxyMiddleware<Request, Response>({
      target: targets[service],
      agent,
      xfwd: true,
      proxyTimeout: 60_000,
      on: {
        proxyReq: (proxyReq, req) => {
          // Whatever a client sent in these headers is dropped: only the gateway vouches for an admin.
          proxyReq.removeHeader(IDENTITY_HEADER);
          proxyReq.removeHeader(SIGNATURE_HEADER);
          if (req.admin) {
            for (const [k, v] of Object.entries(signIdentity(req.admin, secret))) proxyReq.setHeader(k, v);
          }
          proxyReq.setHeader('x-request-id', String(req.id));
        },
        error: (err, req, res) => {
          logger.error({ err, service, url: (req as Request).originalUrl }, 'proxy error');
          const out = res as Response;
          if (typeof out.status !== 'function' || out.headersSent) {
            if ('destroy' in out) out.destroy();
            return;
          }
          out
            .status(502)
            .json({ error: { code: 'bad_gateway', message: `The ${service} service is unavailable` } });
        },
      },
    });
  return {
    status: make('status'),
    content: make('content'),
    partners: make('partners'),
    contracts: make('contracts'),
    media: make('media'),
  };
}

export type { NextFunction };
