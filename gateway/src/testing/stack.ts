import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import {
  createLogger,
  SqliteEventBus,
  withProducerKeys,
  SqliteReadModels,
  openSqlite,
  serviceDbFile,
  startService,
  type EventBus,
  type LogDestination,
  type SqliteDb,
  type RunningService,
  type ServiceDefinition,
} from '@12yards/platform';
import { testServiceEnv } from '@12yards/platform/testing';
import { producers } from '@12yards/api/src/events';
import { join } from 'node:path';
import { buildGateway, type GatewayDeps } from '../app';
import { gatewayEnv, type GatewayEnv } from '../config';
import type { ThrottleOptions } from '../auth/throttle';
import { InstanceSubscriptions } from '../instance-subscription';

export const TEST_ADMIN = { username: 'admin', password: 'correct horse battery staple' };
export const TEST_EDITOR = { username: 'editor', password: 'quiet lantern harbour 12345' };

export interface Stack {
  /** The gateway app: pass it to supertest. */
  app: ReturnType<typeof buildGateway>['app'];
  /** The gateway's in-memory copy of the public reads. */
  reads: ReturnType<typeof buildGateway>['reads'];
  /** The gateway's live events for admins (GET /api/admin/events). */
  live: ReturnType<typeof buildGateway>['live'];
  /** The gateway's admin users (a password or role changed as admin:create would, in this process). */
  users: ReturnType<typeof buildGateway>['users'];
  /** The gateway's metrics (main serves them on METRICS_PORT; tests: metricsHandler(stack.metrics)). */
  metrics: ReturnType<typeof buildGateway>['metrics'];
  /** The gateway's one subscription to the services' events (public reads, live events, pages), started. */
  subscriptions: InstanceSubscriptions;
  services: Record<string, RunningService>;
  /** Each started service's base URL by variable name (PARTNERS_URL, ...), as the gateway is given them. */
  urls: Record<string, string>;
  dataDir: string;
  /**
   * Logs in and returns an agent that keeps the session cookie and sends `Sec-Fetch-Site: same-origin` (as a browser
   * on the site does), plus the CSRF token for writes.
   */
  login(who?: { username: string; password: string }): Promise<{ agent: request.Agent; csrf: string }>;
  stop(): Promise<void>;
}

/**
 * The gateway with the given services running in-process on ephemeral ports, on embedded adapters in one fresh
 * data directory (so the services' topics reach each other), with an admin and an editor user.
 */
export async function startStack(options: {
  services: ServiceDefinition[];
  clock?: () => Date;
  throttle?: ThrottleOptions;
  publicWritesPerIp?: number;
  /**
   * Start on this existing data directory (a restart: same event stores, read models, admin users and sessions);
   * it is left in place at stop. Without it, a fresh directory is made and removed at stop.
   */
  dataDir?: string;
  /** Every process's log lines (gateway and services, all levels) go here instead of nowhere. */
  logs?: LogDestination;
  /** Handlers answering before the gateway's middleware chain (the web build's immutable assets). */
  fastLane?: GatewayDeps['fastLane'];
  /** Wraps the bus the gateway's subscription follows (tests: events that arrive late, subscriptions counted). */
  wrapBus?: (bus: EventBus) => EventBus;
  /**
   * Mounts the web apps, given the gateway's env, its SQLite file, the data dir, and the gateway's subscription to
   * the services' events (for the pages to register on: it is started once the gateway is built).
   */
  web?: (ctx: {
    env: GatewayEnv;
    db: SqliteDb;
    dataDir: string;
    subscriptions: InstanceSubscriptions;
  }) => Promise<GatewayDeps['mountWeb']>;
}): Promise<Stack> {
  const base = testServiceEnv(options.dataDir ? { DATA_DIR: options.dataDir } : {});
  const servers: Server[] = [];
  const services: Record<string, RunningService> = {};
  const targets: Record<string, string> = {};
  const logger = (name: string) => createLogger(name, options.logs ? 'trace' : undefined, options.logs);
  for (const def of options.services) {
    const svc = await startService(def, base, { clock: options.clock, logger: logger(def.name) });
    const server = svc.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    servers.push(server);
    services[def.name] = svc;
    targets[`${def.name.toUpperCase()}_URL`] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  // Services not started point at a closed port, so their routes answer 502.
  const env: GatewayEnv = gatewayEnv.parse({
    NODE_ENV: 'test',
    DATA_DIR: base.DATA_DIR,
    INTERNAL_SECRET: base.INTERNAL_SECRET,
    SCRYPT_N: 2 ** 14,
    STATUS_URL: 'http://127.0.0.1:9',
    CONTENT_URL: 'http://127.0.0.1:9',
    PARTNERS_URL: 'http://127.0.0.1:9',
    CONTRACTS_URL: 'http://127.0.0.1:9',
    MEDIA_URL: 'http://127.0.0.1:9',
    ...targets,
  });
  const db = openSqlite(join(base.DATA_DIR, 'gateway.sqlite'));
  const models = new SqliteReadModels(db);
  // The services' topics, as the gateway reads them in production (its copy of the public reads follows them).
  // Personal fields travel encrypted: opened with the producers' keys when shown, as main.ts has them opened.
  const bus = withProducerKeys(
    new SqliteEventBus({
      topics: Object.fromEntries(producers.map((s) => [s, serviceDbFile(base.DATA_DIR, s)])),
      db,
    }),
    base,
    producers,
    undefined,
    'when-asked',
  );
  // One subscription for the process, as main.ts makes it: the pages (web), then the reads and live events
  // register on it, and it is started once the gateway is built.
  const subscriptions = new InstanceSubscriptions({
    bus: options.wrapBus?.(bus) ?? bus,
    instance: env.INSTANCE_ID,
    logger: logger('gateway'),
  });
  const mountWeb = await options.web?.({ env, db, dataDir: base.DATA_DIR, subscriptions });
  const gateway = buildGateway({
    mountWeb,
    subscriptions,
    fastLane: options.fastLane,
    env,
    logger: logger('gateway'),
    models,
    clock: options.clock,
    throttle: options.throttle,
    publicWritesPerIp: options.publicWritesPerIp ?? 1000,
  });
  await gateway.users.upsert({ ...TEST_ADMIN, role: 'admin' });
  await gateway.users.upsert({ ...TEST_EDITOR, role: 'editor' });
  await subscriptions.start();

  return {
    app: gateway.app,
    reads: gateway.reads,
    live: gateway.live,
    users: gateway.users,
    metrics: gateway.metrics,
    subscriptions,
    services,
    urls: targets,
    dataDir: base.DATA_DIR,
    async login(who = TEST_ADMIN) {
      // As a browser on the site sends its writes (fetch sends Sec-Fetch-Site; an Origin naming 127.0.0.1:<port>
      // cannot be known before supertest picks the port): the gateway refuses a cookie write without either.
      const agent = request.agent(gateway.app).set('Sec-Fetch-Site', 'same-origin');
      const res = await agent.post('/api/auth/login').send(who);
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { agent, csrf: res.body.csrfToken as string };
    },
    async stop() {
      for (const s of servers) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
      await subscriptions.stop();
      await gateway.live.stop();
      await bus.close();
      for (const svc of Object.values(services)) await svc.stop();
      db.close();
      if (!options.dataDir) base.cleanup();
    },
  };
}

/** A stack with the admin logged in: the agent that keeps the session cookie, and the CSRF token for writes. */
export type LoggedInStack = Stack & { agent: request.Agent; csrf: string };

export async function startLoggedInStack(options: Parameters<typeof startStack>[0]): Promise<LoggedInStack> {
  const stack = await startStack(options);
  return Object.assign(stack, await stack.login());
}
