import type { Server } from 'node:http';
import type { Express } from 'express';
import { producers } from '@12yards/api/src/events';
import { loadConfig, serviceEnv, type ServiceEnv } from './config';
import { createInfrastructure, type Infrastructure, type OptionalAdapter } from './infrastructure';
import { createLogger, type Logger } from '../observability/logging';
import { OutboxRelay, Projector, SignallingEventStore, type IntegrationMapper, type Projection } from '../es';
import { StorageError } from '../embedded/data-dir';
import { openSqlite } from '../embedded/sqlite';
import { SqliteReadModels } from '../embedded/sqlite-read-models';
import { metricsOf } from '../http/app';
import { drainServer, listenOrExit } from '../http/listen';
import { flushTracing } from '../observability/tracing/lifecycle';
import { Metrics } from '../observability/metrics';
import { instrumentJobs } from '../observability/job-metrics';
import { instrumentBus } from '../observability/bus-metrics';
import { LeaderElection } from '../coordination/leader-election';
import { traceBus, traceEvents } from '../observability/tracing/propagation';
import { secretOf, withPersonalData } from '../privacy/wiring';
import { canRewrite, sealPlaintextPersonalData } from '../privacy/seal-plaintext';
import type { PersonalDataPolicy } from '../privacy/personal-data-store';
import type { ProjectionHandOver, StoredEvent } from '../ports';
import type { SubjectKeys } from '../privacy/subject-keys';

/** What a service's code is given; `U`: the optional adapters its definition declared (`uses`), and only those. */
export interface ServiceContext<U extends OptionalAdapter = never> {
  env: ServiceEnv;
  logger: Logger;
  infra: Infrastructure<U>;
  projector: Projector;
  /**
   * The projector of the definition's reportProjections: a write does not wait for it; it catches up in the
   * background after each append, and a reader of its read models calls catchUp() first to read every write.
   */
  reports: Projector;
  /** The clock every write uses; tests replace it. */
  clock: () => Date;
  /** The keys of its data subjects, when its definition declares personal data (erasure deletes them). */
  subjectKeys?: SubjectKeys;
  /** Whether this process leads its service now: singleton work (relay, sweeps) runs only on the leader. */
  leader: LeaderElection;
  /** Metrics made while the service is built; the app's /metrics serves them. */
  metrics: Metrics;
}

export interface ServiceDefinition<U extends OptionalAdapter = OptionalAdapter> {
  /** Also the name of the topic this service produces. */
  name: string;
  defaultPort: number;
  /**
   * The optional adapters this service uses ('jobs': the job queue, 'objects': the object store); only these are
   * created and checked by /readyz. The event store, read models and bus every service has.
   */
  uses: readonly U[];
  projections: Projection[];
  /**
   * Read models that no write waits for (dashboards, counters, time series): kept by a projector of their own with
   * its own checkpoint, caught up after each append in the background and by their readers before they read
   * (ctx.reports.catchUp()), so a write pays only for the read models its own screens read back.
   */
  reportProjections?: Projection[];
  /**
   * Maps this service's internal events to the integration events it publishes on its topic (src/integration-events.ts);
   * the relay publishes nothing else. Unset: nothing is published.
   */
  integrationEvents?: IntegrationMapper;
  /**
   * The personal fields of its events (event type -> fields and whose they are): encrypted with a key per data
   * subject before they are appended (crypto-shredding). Unset: nothing is encrypted.
   */
  personalData?: PersonalDataPolicy;
  /** Builds the HTTP app (no listening) and starts background work such as consumers and workers. */
  build(ctx: ServiceContext<U>): Promise<{ app: Express; stop?: () => Promise<void> }>;
  /** Runs once at start-up after the read models caught up (seeding, for example). */
  init?(ctx: ServiceContext<U>): Promise<void>;
}

/** Types a definition from its `uses`, so its code sees exactly the adapters it declared. */
export function defineService<U extends OptionalAdapter = never>(
  def: ServiceDefinition<U>,
): ServiceDefinition<U> {
  return def;
}

/**
 * A started service: its context, with the optional adapters U it declared (without U: the adapters every service
 * has), its app and relay, and how to stop it.
 */
export interface RunningService<U extends OptionalAdapter = never> {
  ctx: ServiceContext<U>;
  app: Express;
  relay: OutboxRelay;
  stop(): Promise<void>;
}

/**
 * How long report projections wait after an append before they catch up, gathering the appends that follow: under
 * load a pass then applies a quarter second's appends in one round of counter reads and writes and one checkpoint
 * move, instead of one round per few appends. Their readers catch up first, so no reader sees them late.
 */
const REPORTS_DELAY_MS = 250;

/**
 * Catches a projector up after appends in this process, in the background and a moment later: one pass for a burst
 * of writes instead of one each, and none beside the write that signalled (which is still projecting its own).
 */
function followAppends(appends: SignallingEventStore, projector: Projector, logger: Logger): () => void {
  let timer: NodeJS.Timeout | undefined;
  // The appended events are handed over: the pass applies them without reading them back from the store.
  const appended: StoredEvent[] = [];
  const unfollow = appends.onAppend((events) => {
    appended.push(...events);
    timer ??= setTimeout(() => {
      timer = undefined;
      const handed = appended.splice(0);
      const upTo = Math.max(...handed.map((e) => e.position));
      void projector
        .catchUp(upTo, handed)
        .catch((err: unknown) => logger.warn({ err }, 'report projections: catch-up failed'));
    }, REPORTS_DELAY_MS);
    timer.unref();
  });
  return () => {
    unfollow();
    clearTimeout(timer);
  };
}

/**
 * Replicas share the read models on MongoDB: with Redis there, their writers hand their events to the one process
 * applying them (see ProjectionHandOver). The embedded store has one process per file, and needs none.
 */
async function projectionHandOver(
  service: string,
  env: ServiceEnv,
  logger: Logger,
): Promise<ProjectionHandOver | undefined> {
  if (!env.MONGO_URL || !env.REDIS_URL) return undefined;
  const { RedisProjectionHandOver } = await import('../adapters/redis');
  return new RedisProjectionHandOver(env.REDIS_URL, env.INFRA_NAMESPACE, service, logger);
}

/** Wires a service from its definition without listening: used by main and by integration tests. */
export async function startService<U extends OptionalAdapter>(
  def: ServiceDefinition<U>,
  env: ServiceEnv,
  options: { logger?: Logger; clock?: () => Date } = {},
): Promise<RunningService<U>> {
  const logger = options.logger ?? createLogger(def.name);
  // Every topic of the product's event catalogue can be read: the service's reactions and its tests subscribe to them.
  const infra: Infrastructure<U> = await createInfrastructure(def.name, env, logger, {
    uses: def.uses,
    topics: producers,
  });
  // Appends are signalled as stored too (personal fields sealed): the outbox relay publishes them from there.
  const stored = new SignallingEventStore(infra.eventStore);
  const storedEvents = infra.eventStore;
  // Every append in this process signals the outbox relay, which then publishes at once (its poll is the fallback).
  // Appended events carry the request's trace context in their meta; consumers continue that trace.
  // Personal fields are encrypted below everything else, so every reader (projections, history, activity, relay)
  // sees them decrypted, or erased, while the store and its backups hold only ciphertext (integration events carry
  // only what the service's mapper puts in them).
  const personal = withPersonalData(stored, infra.subjectKeys, def.personalData, () => env.INTERNAL_SECRET);
  const appends = new SignallingEventStore(traceEvents(personal.store));
  infra.eventStore = appends;
  // Counted from the start (seeding included); served by the app's registry once it is built.
  const early = new Metrics({ defaultMetrics: false });
  const appended = early.counter({
    name: 'events_appended_total',
    help: 'Events appended to the event store by this process',
    labelNames: ['service'],
  });
  appends.onAppend((events) => appended.inc({ service: def.name }, events.length));
  if ((def.uses as readonly OptionalAdapter[]).includes('jobs')) {
    // `uses` was just checked at run time; TypeScript cannot narrow the generic U from that check.
    const queued = infra as unknown as Infrastructure<'jobs'>;
    queued.jobs = instrumentJobs(queued.jobs, early);
  }
  infra.bus = instrumentBus(traceBus(infra.bus), early);
  const handOver = await projectionHandOver(def.name, env, logger);
  const projector = new Projector(
    infra.eventStore,
    infra.readModels,
    def.projections,
    logger,
    'projections',
    handOver,
  );
  const reports = new Projector(
    infra.eventStore,
    infra.readModels,
    def.reportProjections ?? [],
    logger,
    'reports',
    handOver,
  );
  const unfollowReports = def.reportProjections?.length ? followAppends(appends, reports, logger) : () => {};
  const leader = new LeaderElection(infra.readModels, def.name, {
    ttlMs: env.LEADER_LEASE_TTL_MS,
    renewMs: env.LEADER_LEASE_RENEW_MS,
    logger,
  });
  early.gauge({
    name: 'leader',
    help: 'Whether this process leads its service (1) and runs its singleton work (outbox relay, sweeps), or follows (0)',
    labelNames: ['service'],
    collect() {
      this.set({ service: def.name }, leader.isLeader ? 1 : 0);
    },
  });
  const ctx: ServiceContext<U> = {
    env,
    logger,
    infra,
    projector,
    reports,
    clock: options.clock ?? (() => new Date()),
    subjectKeys: personal.keys,
    leader,
    metrics: early,
  };
  // Personal data written in plain text before it was encrypted is encrypted in place once (SQLite or MongoDB store).
  if (def.personalData && personal.keys && canRewrite(storedEvents)) {
    await sealPlaintextPersonalData(storedEvents, personal.keys, def.personalData, {
      logger,
      checkpoints: infra.readModels,
      topic: def.name, // the embedded topic in the same file
    });
    await infra.subjectKeys.compact?.();
  }
  await projector.catchUp();
  if (def.reportProjections?.length)
    void reports
      .catchUp()
      .catch((err: unknown) => logger.warn({ err }, 'report projections: catch-up failed'));
  await leader.start();
  await def.init?.(ctx);
  const built = await def.build(ctx);
  const metrics = metricsOf(built.app);
  metrics.adopt(early);
  const published = metrics.counter({
    name: 'events_published_total',
    help: 'Events the outbox relay published to the bus (acknowledged)',
    labelNames: ['service'],
  });
  // Present from the start (0).
  published.inc({ service: def.name }, 0);
  if (infra.bus.needsRelay) {
    const checkpoints = infra.readModels.collection<{ id: string; position: number }>('checkpoints', {
      compareAndSet: true,
    });
    metrics.gauge({
      name: 'events_relay_backlog',
      help: 'Events appended but not yet published by the outbox relay (read at scrape time)',
      labelNames: ['service'],
      async collect() {
        // A store that does not answer leaves the last value: /metrics itself must not fail with it.
        const [last, relayed] = await Promise.all([
          infra.eventStore.lastPosition(),
          checkpoints.get('relay'),
        ]).catch(() => []);
        if (last !== undefined) this.set({ service: def.name }, Math.max(0, last - (relayed?.position ?? 0)));
      },
    });
  }
  // The relay reads the events as stored: the personal fields its integration events carry stay encrypted with the
  // data subject's key, so a topic holds no personal data in plain text (consumers open them with the keys).
  const relay = new OutboxRelay(storedEvents, infra.bus, infra.readModels, def.name, logger, {
    onAppend: (listener) => stored.onAppend(listener),
    onPublished: (count) => published.inc({ service: def.name }, count),
    isActive: () => leader.isLeader,
    toIntegration: def.integrationEvents ?? (() => null),
  });
  leader.onChange((leads) => leads && relay.notify());
  relay.start();
  return {
    ctx,
    app: built.app,
    relay,
    async stop() {
      unfollowReports();
      await relay.stop();
      await built.stop?.();
      await leader.stop(); // released: a follower takes over at its next try, not after the TTL
      await projector.close(); // a checkpoint lock kept between passes freed, as the leader's lease
      await reports.close();
      await handOver?.close();
      await infra.close();
    },
  };
}

/** main.ts of every service: config from the environment, listen, stop cleanly on SIGTERM/SIGINT. */
export async function runService(def: ServiceDefinition): Promise<void> {
  const env = loadConfig(serviceEnv(def.defaultPort));
  const logger = createLogger(def.name);
  const service = await startService(def, env, { logger }).catch((err: unknown) => {
    // Unusable storage is not fixed by a restart: one line saying what to fix, no stack trace.
    if (!(err instanceof StorageError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  });
  const server: Server = await listenOrExit(service.app, {
    port: env.PORT,
    host: env.HOST,
    name: `${def.name} service`,
    logger,
  });
  server.keepAliveTimeout = 65_000;
  logger.info({ port: env.PORT, adapters: service.ctx.infra.kind }, `${def.name} service listening`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    // The requests being answered finish first (docker stop / Kubernetes give 10 s / 30 s before SIGKILL).
    await drainServer(server);
    await service.stop().catch((err) => logger.error({ err }, 'error while stopping'));
    await flushTracing();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** `npm run rebuild -w services/<name>`: empties the read models and projects every event again. */
export async function rebuildReadModels(def: ServiceDefinition): Promise<number> {
  const env = loadConfig(serviceEnv(def.defaultPort).partial({ INTERNAL_SECRET: true }));
  const logger = createLogger(`${def.name}-rebuild`, 'info');
  const infra = await createInfrastructure(def.name, env as ServiceEnv, logger, { uses: [] });
  try {
    const { store, keys } = withPersonalData(infra.eventStore, infra.subjectKeys, def.personalData, () =>
      secretOf(env),
    );
    // Every stream's events are opened: their keys are read in one go, not one round trip a subject.
    await keys?.loadAll();
    const projector = new Projector(store, infra.readModels, def.projections, logger);
    const reports = new Projector(store, infra.readModels, def.reportProjections ?? [], logger, 'reports');
    // Applied in memory, then copied in bulk: one pass over the events, a few writes a collection.
    const scratch = openSqlite(':memory:');
    let events: number;
    try {
      events = await Projector.rebuildTogether(
        def.reportProjections?.length ? [projector, reports] : [projector],
        new SqliteReadModels(scratch),
      );
    } finally {
      scratch.close();
    }
    return events;
  } finally {
    await infra.close();
  }
}
