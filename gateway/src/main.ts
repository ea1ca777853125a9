// First: the OpenTelemetry SDK (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch modules before they load.
import '@12yards/platform/src/observability/tracing/register';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import type { Express } from 'express';
import { Redis } from 'ioredis';
import { producers } from '@12yards/api/src/events';
import {
  createInfrastructure,
  createLogger,
  flushTracing,
  instrumentBus,
  drainServer,
  listenOrExit,
  loadConfig,
  Metrics,
  metricsHandler,
} from '@12yards/platform';
import { buildGateway } from './app';
import { RedisSessionEnds } from './auth/session-ends';
import { bootstrapAdmin } from './bootstrap-admin';
import { gatewayEnv } from './config';
import { InstanceSubscriptions } from './instance-subscription';
import { redisLimiters } from './rate-limits';
import { mountWeb } from './web/static';
import { immutableAssets } from './web/immutable-assets';
import { publicPages } from './web/setup';

async function main() {
  const env = loadConfig(gatewayEnv);
  const logger = createLogger('gateway');
  // Sessions, users and the public reads' bus: no job queue, no object store (its rate limits' Redis is below).
  // It reads the services' topics (public reads, pages, live updates): every producer of the event catalogue.
  // Personal fields stay encrypted until shown: only a live event an admin is watching opens them (LiveEvents).
  const infra = await createInfrastructure('gateway', env, logger, {
    uses: [],
    topics: producers,
    openMessages: 'when-asked',
  });
  const shellDist = resolve(env.SHELL_DIST);
  const adminDist = resolve(env.ADMIN_DIST);
  const metrics = new Metrics();
  // The gateway's one subscription measured like the services' (by consumer group: gateway-<instance>). Its
  // purposes (pages, public reads, live events) register on it as they are made; it starts once all have.
  const subscriptions = new InstanceSubscriptions({
    bus: instrumentBus(infra.bus, metrics),
    instance: env.INSTANCE_ID,
    logger,
  });
  const pages = await publicPages({ env, logger, subscriptions, shellDist });
  const web = existsSync(shellDist)
    ? (app: Express) => mountWeb(app, { shellDist, adminDist, pages })
    : undefined;
  if (!web) logger.warn({ shellDist }, 'web apps are not built: serving the API only (run npm run build)');

  // Rate limits shared by every gateway replica. No offline queue: with Redis gone a limiter answers from its
  // in-memory stand-in at once instead of waiting for the reconnection.
  const limitsRedis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  limitsRedis?.on('error', (err) => logger.warn({ err }, 'rate limits: redis connection error'));
  // Ends of sessions told to every gateway process, so each keeps the sessions it read for a moment.
  const sessionEnds = env.REDIS_URL
    ? new RedisSessionEnds(env.REDIS_URL, env.INFRA_NAMESPACE, logger)
    : undefined;
  const { app, users, sessions, live } = buildGateway({
    metrics,
    env,
    logger,
    ...(limitsRedis && { limiters: redisLimiters(limitsRedis, env.INFRA_NAMESPACE) }),
    sessionEnds,
    models: infra.readModels,
    subscriptions,
    fastLane: web ? [immutableAssets(shellDist), immutableAssets(adminDist, '/admin-app')] : [],
    // The embedded database's file check (sessions and admin users live there): /readyz fails when it cannot be read.
    readiness: infra.readiness.storage ? { storage: infra.readiness.storage } : {},
    mountWeb: web,
  });
  await bootstrapAdmin(env, users, logger);
  await subscriptions.start();
  const sweep = setInterval(() => void sessions.sweep().catch(() => undefined), 10 * 60_000);
  sweep.unref();

  const server = await listenOrExit(app, { port: env.PORT, host: env.HOST, name: 'gateway', logger });
  server.keepAliveTimeout = 65_000;
  logger.info({ port: env.PORT }, 'gateway listening');
  // Prometheus scrapes the gateway on a port of its own, which no ingress or published port should expose.
  const metricsPort = env.METRICS_PORT ?? env.PORT + 1000;
  const metricsServer = metricsPort === 0 ? undefined : createServer(metricsHandler(metrics));
  metricsServer?.on('error', (err) => {
    logger.fatal({ err, port: metricsPort }, 'gateway metrics: cannot listen');
    process.exit(1);
  });
  metricsServer?.listen(metricsPort, env.HOST, () => {
    logger.info({ port: metricsPort }, 'gateway metrics listening');
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // The requests being answered finish first: a balancer sends the next ones to another replica.
    await drainServer(server);
    metricsServer?.close();
    await subscriptions.stop();
    await pages?.stop();
    await live.stop();
    await infra.close();
    await limitsRedis?.quit().catch(() => undefined);
    await sessionEnds?.close();
    await flushTracing();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
