import { parse as parseUrl } from 'node:url';
import { REQUEST_ID_HEADER, signIdentity, type AdminIdentity } from './identity';

/**
 * The URL a service sees for a request sent to `target` (a base URL) with this path and query, worked out as
 * http-proxy 1.18 does it (common.setupOutgoing and common.urlJoin): the path of `url.parse(reqUrl)` joined to the
 * target's path, repeated slashes collapsed, the query kept as it is. The signature names this URL; were the two ever
 * to differ, the service refuses (401).
 */
export function outgoingUrl(target: string, reqUrl: string): string {
  const [path = '', ...query] = (parseUrl(reqUrl).path ?? '').split('?');
  const joined = [parseUrl(target).path ?? '', path]
    .filter(Boolean)
    .join('/')
    .replace(/\/+/g, '/')
    .replace('http:/', 'http://')
    .replace('https:/', 'https://');
  return [joined, ...query].join('?');
}

export interface ServiceCall {
  /** The service's base URL. */
  target: string;
  /** The key the identity is signed with (INTERNAL_SECRET). */
  secret: string;
  method: string;
  /** Path and query, as the service matches them. */
  path: string;
  /** Who calls: the signed-in admin (a gateway fan-out) or a service's own identity. */
  admin: AdminIdentity;
  requestId: string;
  /** How long the service may take to answer. Default 10 s. */
  timeoutMs?: number;
  /** A JSON body (sent as application/json). */
  body?: unknown;
}

/**
 * One call to a service's admin route, signed for this method, URL and request id as the gateway signs a proxied
 * request (the service's requireAdmin checks it). The answer, whatever its status, is the caller's to judge.
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
