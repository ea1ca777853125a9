import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { expressPath, type Access, type RouteContract } from '@12yards/api/src/routes/contract';
import { requireAdmin } from './identity';
import { setVersionEtag } from './preconditions';
import { parse } from './validate';

/**
 * Mounts handlers on route contracts (@12yards/api/src/routes), ts-rest's createExpressEndpoints in small: the
 * contract says who may call (a signed admin identity, of role admin for `admin-role`), what the path parameters,
 * query and JSON body must be (a 400 saying what is wrong), how the answer is cached and whether it carries the
 * entity's version as ETag. The handler gets the parsed input and answers a status and a body, or answers itself.
 *
 * Caching: an admin answer is never cached (createHttpApp's neverCacheAdmin makes it no-store); a cached public
 * read answers no-cache, which publicReads replaces with its public caching when it marks the answer; any other
 * public answer is no-store. A handler that answers itself sets its own headers.
 *
 * If-Match: a versioned write's command reads it (runRequestCommand); a stale one is a 412 and nothing is written.
 */

type ParamsOf<C extends RouteContract> =
  C['params'] extends Readonly<Record<string, z.ZodType>>
    ? C['paramsValidated'] extends true
      ? { [K in keyof C['params']]: z.output<C['params'][K]> }
      : { [K in keyof C['params']]: string }
    : Record<string, never>;

type QueryOf<C extends RouteContract> = C['query'] extends z.ZodType ? z.output<C['query']> : undefined;

export type BodyOf<C extends RouteContract> = C['body'] extends { kind: 'json'; schema: { schema: infer S } }
  ? S extends z.ZodType
    ? z.output<S>
    : never
  : undefined;

/** What a handler gets: the request's input as the contract's schemas parsed it, and the request itself. */
export interface RouteInput<C extends RouteContract> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  req: Request;
  res: Response;
  /** Passes the request on to the routes mounted after this one (the handler then returns nothing). */
  next: NextFunction;
}

/** An answer of one of the contract's success statuses; `version`, the entity's, becomes its ETag. */
export interface RouteAnswer<C extends RouteContract> {
  status: C['success'][number]['status'];
  body?: unknown;
  version?: number;
  headers?: Record<string, string>;
}

/** A handler answers, or answers itself through `res` (a file, a stream, a redirect) and returns nothing. */
export type RouteHandler<C extends RouteContract> = (
  input: RouteInput<C>,
) => Promise<RouteAnswer<C> | void> | RouteAnswer<C> | void;

export interface RouteOptions<C extends RouteContract> {
  /** Middleware run after the access check, before the input is parsed (a multipart parser). */
  before?: RequestHandler[];
  /**
   * Parses the path parameters instead of each by its own schema, for a route whose 400 names the parameter (a
   * schema of them all).
   */
  params?: (raw: Record<string, string>) => ParamsOf<C>;
  /**
   * Parses the JSON body instead of the contract's schema, for a body whose shape picks its schema (a 400 names
   * the problems of the schema it picked, not those of every member of a union).
   */
  body?: (raw: unknown) => BodyOf<C>;
  /**
   * Reads the query instead of the contract's schema, for a route that checks its query itself once it has found
   * what is asked (a missing file is a 404 whatever its query says).
   */
  query?: (raw: unknown) => QueryOf<C>;
}

export interface ContractRoutes {
  /** The Express router the handlers are mounted on (mount it on the app). */
  router: Router;
  /** Mounts a handler on a contract. */
  on<C extends RouteContract>(contract: C, handler: RouteHandler<C>, options?: RouteOptions<C>): void;
}

/** The Cache-Control of a public answer the handler gave (an admin one is never cached: neverCacheAdmin). */
function cacheControl(contract: RouteContract): string | undefined {
  if (contract.access !== 'public') return undefined;
  return contract.publicRead ? 'no-cache' : 'no-store';
}

/** The check of who may call an admin route: an admin of any role, or of role admin (`admin-role`). */
export type AccessGuard = (access: Exclude<Access, 'public'>) => RequestHandler;

/**
 * Handlers mounted on contracts. In a service, `access` is the secret that verifies the identity the gateway signs
 * into admin calls; the gateway, which holds the sessions, gives its own guard.
 */
export function contractRoutes(access: string | AccessGuard): ContractRoutes {
  const router = Router();
  const guard: AccessGuard =
    typeof access === 'string'
      ? (a) => requireAdmin(access, a === 'admin-role' ? 'admin' : undefined)
      : access;

  const on = <C extends RouteContract>(
    contract: C,
    handler: RouteHandler<C>,
    options: RouteOptions<C> = {},
  ) => {
    const checks: RequestHandler[] = contract.access === 'public' ? [] : [guard(contract.access)];
    const cache = cacheControl(contract);
    const handle: RequestHandler = async (req, res, next) => {
      try {
        const input = {
          params: options.params
            ? options.params(req.params as Record<string, string>)
            : contract.paramsValidated
              ? Object.fromEntries(
                  Object.entries(contract.params ?? {}).map(([name, schema]) => [
                    name,
                    parse(schema, req.params[name]),
                  ]),
                )
              : Object.fromEntries(Object.keys(contract.params ?? {}).map((n) => [n, String(req.params[n])])),
          query: options.query
            ? options.query(req.query)
            : contract.query
              ? parse(contract.query, req.query)
              : undefined,
          body:
            contract.body?.kind !== 'json'
              ? undefined
              : options.body
                ? options.body(req.body)
                : parse(contract.body.schema.schema, req.body),
          req,
          res,
          next,
        } as RouteInput<C>;
        const answer = await handler(input);
        if (!answer || res.headersSent) return;
        if (cache) res.set('Cache-Control', cache);
        if (answer.headers) res.set(answer.headers);
        if (answer.version !== undefined) setVersionEtag(res, answer.version);
        res.status(answer.status);
        if (answer.body === undefined) res.end();
        else res.json(answer.body);
      } catch (err) {
        next(err);
      }
    };
    router[contract.method](expressPath(contract.path), ...checks, ...(options.before ?? []), handle);
  };
  return { router, on };
}
