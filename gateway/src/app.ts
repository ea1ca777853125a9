import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, NextFunction, Request, Response } from 'express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { gatewayRoutes, isInternalPath } from '@12yards/api/src/routes';
import {
  contractRoutes,
  createHttpApp,
  finishHttpApp,
  HttpError,
  Metrics,
  setMetricsRoute,
  type Logger,
  type ReadModels,
} from '@12yards/platform';
import type { GatewayEnv } from './config';
import { authRoutes } from './auth/routes';
import { cookieName, loadSession, requireSession, SAFE_METHODS, sessionGuard } from './auth/guard';
import type { SessionEndsChannel } from './auth/session-ends';
import { Sessions } from './auth/sessions';
import { AdminUsers } from './auth/users';
import { DEFAULT_THROTTLE, LoginThrottle, type ThrottleOptions } from './auth/throttle';
import { memoryLimiters, type LimiterFactory } from './rate-limits';
import { createProxies, serviceTargets } from './proxy';
import { GatewayReads } from './public-reads';
import { LiveEvents } from './live-events';
import type { InstanceSubscriptions } from './instance-subscription';
import { canonicalPath, resolveRoute } from './routing';
import { openApiRoutes } from './openapi';
import { activityRoutes } from './activity';
import { insightsRoutes } from './insights';
import { trashFanOutRoutes } from './trash';
import { privacyRoutes } from './privacy';
import { serviceReadiness } from './service-readiness';

export interface GatewayDeps {
  env: GatewayEnv;
  logger: Logger;
  /** Where admin users and sessions live. */
  models: ReadModels;
  clock?: () => Date;
  throttle?: ThrottleOptions;
  /** Public form posts (contact, application) per IP per 10 minutes. */
  publicWritesPerIp?: number;
  /** Where the rate limits count (memory by default; Redis when REDIS_URL is set, shared by the replicas). */
  limiters?: LimiterFactory;
  /**
   * How the gateway processes sharing the storage tell each other of ended sessions (Redis when REDIS_URL is set):
   * while it listens, a session read is used again for up to SESSION_READ_KEPT_MS. Unset: read at every request.
   */
  sessionEnds?: SessionEndsChannel;
  readiness?: Record<string, () => Promise<boolean>>;
  /** Mounts the built web apps (after the API routes). */
  mountWeb?: (app: Express) => void;
  /**
   * This process's one subscription to the services' events, on which the public reads and the live events
   * register (the caller starts it once every purpose has, the pages' too): with it on a bus the public reads are
   * kept in memory and admins get the events live; without it the reads are proxied and no event comes.
   */
  subscriptions?: InstanceSubscriptions;
  /** Answer from memory before the middleware chain, or pass on (the web build's immutable assets). */
  fastLane?: FastHandler[];
  /** The gateway's metrics (served on METRICS_PORT by main, never on the public app); default a fresh registry. */
  metrics?: Metrics;
}

/** A plain node handler run before Express: it answers at once, or calls next at once. */
export type FastHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The handlers one after the other, each passing on to the next (none of them is async or fails). */
function fastLane(handlers: FastHandler[]): FastHandler {
  return handlers.reduceRight<FastHandler>(
    (rest, handler) => (req, res, next) => handler(req, res, () => rest(req, res, next)),
    (_req, _res, next) => next(),
  );
}

export function buildGateway(deps: GatewayDeps) {
  const { env, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const secure = env.NODE_ENV === 'production';
  const sessions = new Sessions(deps.models, clock, deps.sessionEnds);
  const users = new AdminUsers(deps.models, env.SCRYPT_N, sessions);
  // Made now, so the first login for an unknown user does not pay for it (and stand out by its timing).
  users.decoyHash().catch((err: unknown) => logger.error({ err }, 'could not make the decoy password hash'));
  const metrics = deps.metrics ?? new Metrics();
  const limiters = countRejections(deps.limiters ?? memoryLimiters, metrics);
  const throttle = new LoginThrottle(deps.throttle ?? DEFAULT_THROTTLE, limiters);
  const publicWrites = limiters({
    keyPrefix: 'public-write',
    points: deps.publicWritesPerIp ?? env.PUBLIC_WRITES_PER_IP,
    duration: 600,
  });
  const targets = serviceTargets(env);
  const reads = new GatewayReads({ subscriptions: deps.subscriptions, logger, clock });
  const live = new LiveEvents({
    subscriptions: deps.subscriptions,
    logger,
    clock,
    stillSignedIn: async (token) => (await sessions.resolve(token, { touch: false })) !== null,
    maxStreams: env.LIVE_MAX_STREAMS,
  });
  // A logout, or a password or role change, here ends that session's live streams at once.
  sessions.onEnded(live.sessionsEnded);
  const proxies = createProxies(
    targets,
    env.INTERNAL_SECRET,
    logger,
    {
      maxInFlight: env.PROXY_MAX_IN_FLIGHT,
      maxQueued: env.PROXY_MAX_QUEUED,
      queueTimeoutMs: env.PROXY_QUEUE_TIMEOUT_MS,
    },
    (proxyRes, req, service) => reads.onServiceAnswer(proxyRes, req, service),
  );

  const app = createHttpApp({
    logger,
    jsonLimit: false,
    trustProxy: env.TRUST_PROXY,
    // Each service it routes to (GET /readyz, 1 s timeout, answer kept 1 s) beside its own store.
    readiness: { ...serviceReadiness(targets), ...deps.readiness, models: () => deps.models.ready() },
    metrics,
    metricsRoute: false,
    first: fastLane([reads.first, ...(deps.fastLane ?? [])]),
  });
  // The services' internal paths (the fan-outs this gateway calls itself) are never routed from outside.
  app.use((req: Request, _res: Response, next: NextFunction) => {
    if (!isInternalPath(req.path)) return next();
    next(new HttpError(404, 'not_found', `No route for ${req.method} ${req.path}`));
  });
  // JSON (and any other compressible answer) compressed for clients that accept it; answers that are already
  // encoded (precompressed assets, the kept public pages, gateway/src/web) pass untouched.
  app.use(compression());
  app.use(cookieParser());
  app.use(loadSession(sessions, secure));
  app.use(
    authRoutes({
      users,
      sessions,
      throttle,
      secure,
      publicOrigin: env.PUBLIC_ORIGIN,
      clock,
      deviceSecret: env.INTERNAL_SECRET,
    }),
  );
  app.use(openApiRoutes({ cookieName: cookieName(secure) }));
  // The activity feed across the services: fanned out and merged here, behind an admin session (any role).
  app.use(activityRoutes({ targets, secret: env.INTERNAL_SECRET, publicOrigin: env.PUBLIC_ORIGIN, logger }));
  // The dashboard's figures, composed here from the services' parts like the activity feed (any role).
  app.use(
    insightsRoutes({ targets, secret: env.INTERNAL_SECRET, publicOrigin: env.PUBLIC_ORIGIN, logger, clock }),
  );
  // The whole trash (list, empty) across content and media; an item's restore and purge are proxied below.
  app.use(
    trashFanOutRoutes({ targets, secret: env.INTERNAL_SECRET, publicOrigin: env.PUBLIC_ORIGIN, logger }),
  );
  // Erasure of a person across the services that hold personal data (admin role).
  app.use(
    privacyRoutes({ targets, secret: env.INTERNAL_SECRET, publicOrigin: env.PUBLIC_ORIGIN, logger, clock }),
  );
  // Server-sent events for the admin app (fed by deps.subscriptions): a long-lived answer, never proxied.
  const events = contractRoutes(sessionGuard(env.PUBLIC_ORIGIN));
  const stream = live.handler(env.PUBLIC_ORIGIN);
  events.on(gatewayRoutes.liveEvents, ({ req, res }) => stream(req, res));
  app.use(events.router);

  // The gate: every path in the routing table is checked here, before anything is proxied.
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    const route = resolveRoute(req.method, req.path);
    if (!route) {
      // An unknown admin path tells an anonymous caller nothing, not even that it does not exist.
      if (canonicalPath(req.path).startsWith('/api/admin')) requireSession(req, env.PUBLIC_ORIGIN);
      return next();
    }
    if (route.requiresAdmin) {
      const session = requireSession(req, env.PUBLIC_ORIGIN);
      req.admin = { username: session.username, role: session.role };
    } else {
      delete req.admin;
      if (route.rateLimited) {
        try {
          await publicWrites.consume(req.ip ?? 'unknown');
        } catch (e) {
          if (!(e instanceof RateLimiterRes)) throw e;
          const err = new HttpError(
            429,
            'too_many_requests',
            'Too many submissions. Please try again later.',
          );
          err.headers['Retry-After'] = String(Math.ceil(e.msBeforeNext / 1000));
          throw err;
        }
      }
    }
    if (!SAFE_METHODS.has(req.method)) reads.beginWrite(route.service, res);
    setMetricsRoute(res, `proxy:${route.service}`);
    proxies[route.service](req, res, next);
  });

  deps.mountWeb?.(app);
  finishHttpApp(app, logger);
  return { app, users, sessions, reads, live, metrics };
}

/** Every limiter the factory makes counts its refusals in rate_limit_rejections_total{limiter=<keyPrefix>}. */
function countRejections(factory: LimiterFactory, metrics: Metrics): LimiterFactory {
  const rejections = metrics.counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused by a gateway rate limit (login throttle, public forms), by limiter',
    labelNames: ['limiter'],
  });
  return (options) => {
    const limiter = factory(options);
    const consume = limiter.consume.bind(limiter);
    limiter.consume = async (...args: Parameters<typeof consume>) => {
      try {
        return await consume(...args);
      } catch (e) {
        if (e instanceof RateLimiterRes) rejections.inc({ limiter: options.keyPrefix });
        throw e;
      }
    };
    return limiter;
  };
}
