import {
  Kafka,
  Partitioners,
  logLevel as KafkaLogLevel,
  type Admin,
  type Consumer,
  type logCreator,
  type Producer,
} from 'kafkajs';
import type { EventBus, EventHandler, StoredEvent, SubscribeOptions, Subscription } from '../../ports';
import type { Logger } from '../../observability/logging';
import { context } from '@opentelemetry/api';
import { runsByTrace, traceContextOf, traceHeaders } from '../../observability/tracing/propagation';
import { handleByKey } from './by-key';
import { FetchPacer } from './fetch-pacer';
import { OffsetCommits } from './offset-commits';
import { fixRequestQueueTimers } from './request-queue-timers';

/** Streams (message keys) of one fetched batch handled at once; each stream's events stay in order. */
const KEYS_AT_ONCE = 10;
/** A group's offsets are committed at most this often while messages keep coming (see OffsetCommits). */
const COMMIT_EVERY_MS = 100;

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  logger?: Logger;
  /** Partitions of a topic this bus creates. Default 3; order holds per stream because the key is the stream id. */
  partitions?: number;
  replicationFactor?: number;
  /** Consumer group session timeout; a crashed consumer's partitions move after it. Default 10 s. */
  sessionTimeoutMs?: number;
  heartbeatIntervalMs?: number;
  /** Prefix of every topic and consumer group (`<namespace>.<name>`), keeping deployments on one cluster apart. */
  namespace?: string;
  /**
   * How long an idle fetch waits for new messages. Default 500 ms: a fetch answers as soon as one message is there, so
   * this is only how often an idle consumer asks again (at 100 ms, ten consumers kept the broker busy doing nothing).
   */
  maxWaitTimeInMs?: number;
}

const toKafkaLog =
  (logger?: Logger): logCreator =>
  () =>
  (entry) => {
    if (!logger) return;
    const { message, ...extra } = entry.log;
    const obj = { kafka: entry.namespace, ...extra };
    if (entry.level === KafkaLogLevel.ERROR) logger.error(obj, message);
    else if (entry.level === KafkaLogLevel.WARN) logger.warn(obj, message);
    else logger.debug(obj, message);
  };

/**
 * Event bus on Kafka: a topic per producing service, message key = stream id (so one stream stays in one
 * partition, in order), one consumer group per subscribing group. An offset is committed only after its handler
 * resolved, at most every COMMIT_EVERY_MS: a crash before that redelivers the message to the group's next consumer.
 */
export class KafkaEventBus implements EventBus {
  readonly needsRelay = true;
  private readonly kafka: Kafka;
  private producer?: Promise<Producer>;
  private admin?: Promise<Admin>;
  private readonly knownTopics = new Set<string>();
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(private readonly options: KafkaEventBusOptions) {
    if (!fixRequestQueueTimers())
      options.logger?.warn(
        'kafka: this kafkajs is not the version its request-queue timer fix was checked against; left unfixed',
      );
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: KafkaLogLevel.WARN,
      logCreator: toKafkaLog(options.logger),
      connectionTimeout: 3000,
      retry: { initialRetryTime: 100, retries: 8 },
    });
  }

  /** The Kafka name of a topic or group: namespaced when a namespace is set. */
  private named(name: string): string {
    return this.options.namespace ? `${this.options.namespace}.${name}` : name;
  }

  private getAdmin(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })();
    this.admin.catch(() => (this.admin = undefined));
    return this.admin;
  }

  private getProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      // One request in flight keeps the order of sends even when one is retried.
      const producer = this.kafka.producer({
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        // murmur2 on the key, as Java clients partition: a stream lands in the same partition whoever produces it.
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      return producer;
    })();
    this.producer.catch(() => (this.producer = undefined));
    return this.producer;
  }

  /** Creates the topics that do not exist yet (with the configured partitions) and waits for their leaders. */
  async ensureTopics(topics: string[]): Promise<void> {
    const missing = topics.filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    const admin = await this.getAdmin();
    const existing = new Set(await admin.listTopics());
    const create = missing.filter((t) => !existing.has(this.named(t)));
    if (create.length > 0) {
      await admin
        .createTopics({
          waitForLeaders: true,
          topics: create.map((topic) => ({
            topic: this.named(topic),
            numPartitions: this.options.partitions ?? 3,
            replicationFactor: this.options.replicationFactor ?? 1,
          })),
        })
        .catch(async (err: { type?: string; retriable?: boolean }) => {
          if (err.type === 'TOPIC_ALREADY_EXISTS') return;
          // KafkaJS waits for leaders only while metadata says LEADER_NOT_AVAILABLE; a KRaft broker that has not yet
          // propagated a new topic answers UNKNOWN_TOPIC_OR_PARTITION instead, which KafkaJS throws at once.
          if (!err.retriable) throw err;
          await this.leadersOf(create.map((t) => this.named(t)));
        });
    }
    for (const t of missing) this.knownTopics.add(t);
  }

  /** Waits (up to about 30 s) until every partition of the topics has a leader. */
  private async leadersOf(topics: string[]): Promise<void> {
    const admin = await this.getAdmin();
    for (let attempt = 1; ; attempt++) {
      try {
        const { topics: found } = await admin.fetchTopicMetadata({ topics });
        if (found.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))) return;
      } catch (err) {
        if (!(err as { retriable?: boolean }).retriable || attempt >= 60) throw err;
      }
      if (attempt >= 60) throw new Error(`Kafka: no leader for ${topics.join(', ')} after 30 s`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  async publish(topic: string, events: StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    if (this.closed) throw new Error('event bus is closed');
    await this.ensureTopics([topic]);
    const producer = await this.getProducer();
    // One send per run of events from the same trace, made in that trace's context: the kafkajs instrumentation
    // (when tracing is on) writes the traceparent header from the active context, so the send and the consumer
    // join the trace of the request that appended the events. Without tracing, one run: a single send.
    for (const run of runsByTrace(events)) {
      await context.with(traceContextOf(run[0]!.meta), () =>
        producer.send({
          topic: this.named(topic),
          acks: -1, // every in-sync replica
          messages: run.map((e) => ({
            key: e.streamId,
            value: JSON.stringify(e),
            headers: { 'event-type': e.type, 'event-id': e.id, ...traceHeaders(e.meta) },
          })),
        }),
      );
    }
  }

  async subscribe(
    group: string,
    topics: string[],
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Promise<Subscription> {
    if (this.closed) throw new Error('event bus is closed');
    await this.ensureTopics(topics);
    const newConsumer = (): Consumer =>
      this.kafka.consumer({
        groupId: this.named(group),
        sessionTimeout: this.options.sessionTimeoutMs ?? 10_000,
        rebalanceTimeout: 10_000,
        heartbeatInterval: this.options.heartbeatIntervalMs ?? 1000,
        // A fetch answers as soon as one message is there (minBytes 1); maxWait only bounds an idle long poll.
        maxWaitTimeInMs: this.options.maxWaitTimeInMs ?? 500,
        minBytes: 1,
        allowAutoTopicCreation: false,
        retry: { initialRetryTime: 200, retries: 5 },
      });
    let consumer = newConsumer();
    const commitsOf = (c: Consumer) =>
      new OffsetCommits({
        commit: (offsets) => c.commitOffsets(offsets),
        everyMs: COMMIT_EVERY_MS,
        failed: (err) =>
          this.options.logger?.debug({ err, group }, 'kafka offset commit failed; those messages come again'),
      });
    let commits = commitsOf(consumer);
    let stopping = false;
    let abandon!: () => void;
    // Resolves when the subscription stops: a handler still running then is abandoned, uncommitted.
    const stopped = new Promise<'stopped'>((resolve) => (abandon = () => resolve('stopped')));
    // A subscriber that may wait fetches less often while events come fast (see FetchPacer).
    const pacer = options.maxDelayMs === undefined ? undefined : new FetchPacer(options.maxDelayMs);
    const byKafkaName = new Map(topics.map((t) => [this.named(t), t]));
    const start = async (c: Consumer, offsets: OffsetCommits) => {
      c.on(c.events.GROUP_JOIN, ({ payload }) =>
        offsets.keepOnly((topic, partition) => payload.memberAssignment[topic]?.includes(partition) ?? false),
      );
      await c.connect();
      await c.subscribe({ topics: [...byKafkaName.keys()], fromBeginning: true });
      await c.run({
        // The offsets resolved below are committed by OffsetCommits, at most every COMMIT_EVERY_MS (kafkajs would
        // commit after every fetched batch, under load one or two messages). A crash redelivers what was handled
        // since; the inbox keeps their effects single.
        autoCommit: false,
        eachBatchAutoResolve: false,
        // Partitions are handled side by side, and within a fetched batch the streams too (handleByKey): order
        // holds within a stream (the key), so one slow event does not hold up the other streams' events behind it.
        partitionsConsumedConcurrently: this.options.partitions ?? 3,
        eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
          const topic = byKafkaName.get(batch.topic) ?? batch.topic;
          const keyed = batch.messages.map((message) => ({
            key: message.key?.toString('utf8') ?? '',
            offset: message.offset,
            value: message.value,
          }));
          await handleByKey(keyed, {
            concurrency: KEYS_AT_ONCE,
            going: () => !stopping && isRunning() && !isStale(),
            resolve: (offset) => {
              resolveOffset(offset);
              offsets.handled(batch.topic, batch.partition, offset);
            },
            handle: async ({ value }) => {
              if (value) {
                const event = JSON.parse(value.toString('utf8')) as StoredEvent;
                const outcome = await Promise.race([
                  handler(event, topic).then(() => 'handled' as const),
                  stopped,
                ]);
                // Abandoned by a stop: not resolved, so not committed; the group's next consumer gets it again.
                if (outcome === 'stopped' || stopping) return false;
              }
              await heartbeat();
              return true;
            },
          });
          const pause = pacer?.pauseAfter(batch.messages.length) ?? 0;
          if (pause > 0 && !stopping) {
            let timer: NodeJS.Timeout | undefined;
            await Promise.race([new Promise((r) => (timer = setTimeout(r, pause))), stopped]);
            clearTimeout(timer);
          }
        },
      });
    };
    // kafkajs restarts a crashed consumer itself only after a retriable error; one that crashed again while the
    // brokers were unreachable (its restart's connect refused) stays down for good. Start a fresh one then, with
    // back-off, until it runs: uncommitted messages are redelivered to it (the inbox keeps their effects single).
    let failures = 0;
    let restarting = false;
    const supervise = (c: Consumer) =>
      c.on(c.events.CRASH, ({ payload }) => {
        if (!payload.restart && !stopping && !restarting && c === consumer) void restart(payload.error);
      });
    const restart = async (err: unknown): Promise<void> => {
      restarting = true;
      const delay = Math.min(5000, 250 * 2 ** failures++);
      this.options.logger?.warn({ err, group, delay }, 'kafka consumer stopped; starting a new one');
      await new Promise((r) => setTimeout(r, delay));
      if (stopping) return;
      commits.reset();
      await consumer.disconnect().catch(() => undefined);
      consumer = newConsumer();
      commits = commitsOf(consumer);
      supervise(consumer);
      try {
        await start(consumer, commits);
        failures = 0;
        restarting = false;
      } catch (again) {
        if (!stopping) void restart(again);
      }
    };
    supervise(consumer);
    await start(consumer, commits);
    const subscription: Subscription = {
      stop: async () => {
        if (stopping) return;
        stopping = true;
        abandon();
        this.subscriptions.delete(subscription);
        await commits.flush();
        await consumer
          .disconnect()
          .catch((err) => this.options.logger?.warn({ err, group }, 'kafka consumer disconnect failed'));
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async ready(): Promise<boolean> {
    try {
      const admin = await this.getAdmin();
      const cluster = await admin.describeCluster();
      return cluster.brokers.length > 0;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    const producer = this.producer;
    const admin = this.admin;
    this.producer = undefined;
    this.admin = undefined;
    await Promise.all([
      producer?.then((p) => p.disconnect()).catch(() => undefined),
      admin?.then((a) => a.disconnect()).catch(() => undefined),
    ]);
  }
}
