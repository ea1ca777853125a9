import { z } from 'zod';
import { id } from '../common';

/**
 * A route is a contract, declared once: its method and path as a caller sees them through the gateway, its inputs
 * and answers as zod schemas, who may call it, and how it is cached and versioned. A service mounts its handlers
 * on its contracts (the platform's `contractRoutes`); the OpenAPI document (../openapi-document), the gateway's
 * access rule and the public reads kept in memory are all read from the same contracts.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: anyone; an admin session (role admin or editor; writes also need X-CSRF-Token); or an admin session
 * with role admin (an editor gets 403).
 */
export type Access = 'public' | 'admin' | 'admin-role';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 416 | 422 | 429 | 503;

/** A named schema: becomes components.schemas[name] (input or output form of the zod schema). */
export interface Named<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
}

export type Body =
  | { kind: 'json'; schema: Named }
  | { kind: 'multipart'; file: string; fields?: Named; fileRequired: boolean };

export type SuccessBody =
  | { kind: 'json'; schema: Named | { array: Named } }
  | { kind: 'binary'; contentTypes: readonly string[] }
  | { kind: 'html' }
  | { kind: 'none' };

export type SuccessStatus = 200 | 201 | 202 | 204;

export interface RouteContract {
  method: HttpMethod;
  /** OpenAPI form: /api/admin/faqs/{id}. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  /** Path parameters, in the order they appear in the path. */
  params?: Readonly<Record<string, z.ZodType>>;
  /** Validated path parameters (a bad one is a 400, not a 404). */
  paramsValidated?: boolean;
  query?: z.ZodObject;
  body?: Body;
  success: readonly { status: SuccessStatus; description: string; body: SuccessBody }[];
  /** Error answers besides the ones derived from access, body and query (400, 401, 403, 413). */
  errors?: readonly ErrorStatus[];
  /**
   * The record this operation creates and where it then lives: OpenAPI links from its success answer to the
   * operations under that path (so a fuzzer's stateful phase can use real ids). `from` is the answer's id field.
   */
  creates?: { path: string; from: string };
  /**
   * Optimistic concurrency (see the README): a read answers the entity's version as a strong ETag; a write accepts
   * `If-Match: "<version>"` (a stale one is 412, nothing written) and answers the new version as ETag.
   */
  versioned?: boolean;
  /**
   * A public read whose 200 answers depend on the read models only: the service marks its answer with the projection
   * position it was read at (platform publicReads), and the gateway keeps it in memory until a later event.
   */
  publicRead?: boolean;
}

/** The older name of a contract, as the OpenAPI document's code calls it. */
export type Endpoint = RouteContract;

/** A service's contracts by name (ts-rest's `c.router`): the literal types are kept for the handlers' inputs. */
export const defineRoutes = <const R extends Record<string, RouteContract>>(routes: R): R => routes;

export const named = <S extends z.ZodType>(name: string, schema: S): Named<S> => ({ name, schema });
export const json = <S extends z.ZodType>(schema: Named<S>) => ({ kind: 'json' as const, schema });
export const list = <S extends z.ZodType>(schema: Named<S>) => ({
  kind: 'json' as const,
  schema: { array: schema },
});
export const none = { kind: 'none' as const };

export const idParam = { id };

/** A write handled as an event-sourced command: a concurrent change of the same record is a 409. */
export const WRITE = [409] as const satisfies readonly ErrorStatus[];

/** A contract's path as Express writes it: /api/admin/faqs/:id. */
export const expressPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * A regular expression matching a contract's path as Express matches it: any case, an optional trailing slash, a
 * parameter one non-empty segment.
 */
export function pathPattern(path: string): RegExp {
  const source = path
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}\\/?$`, 'i');
}

/** The paths of the cached public reads among some contracts, as publicReads matches them. */
export function publicReadPaths(routes: Iterable<RouteContract>): RegExp[] {
  return [...routes].filter((r) => r.publicRead).map((r) => pathPattern(r.path));
}
