import { hostname } from 'node:os';
import type { EventBus, EventHandler, Logger, Subscription } from '@12yards/platform';

/** What a gateway process derives from the services' events, each kept by the process itself. */
export type Purpose = 'reads' | 'live' | 'web';

interface Registered {
  purpose: Purpose;
  topics: readonly string[];
  handler: EventHandler;
}

/**
 * How late an event may reach this process while events come fast (one after a quiet spell comes at once): an
 * admin's live view shows it a moment later at most, and the public reads and pages it changes are served from
 * memory that much longer (a write through this process drops them at once, when its service answers). In exchange,
 * under load the bus hands over events in a few big fetches.
 */
export const MAX_DELAY_MS = 200;

/** The consumer group of this gateway process: `gateway-<instance>` (INSTANCE_ID; unset, the host's name). */
export const instanceGroup = (instance: string | undefined) => `gateway-${instance ?? hostname()}`;

/**
 * This gateway process's one subscription to the services' events, in a consumer group of its own,
 * `gateway-<instance>`: each process keeps its own copy of what it derives from the events (the public reads, the
 * pages, the live streams), so each reads every event; and it reads it once, whatever it derives from it (on Kafka
 * each subscription is fetched, decoded and committed by the process and served by the broker once more).
 * `instance` is the validated INSTANCE_ID (GatewayEnv), which tells apart the replicas that `start.mjs --replicas`
 * runs on one host.
 *
 * Each purpose registers its topics and handler (`register`, when the component is made), then `start` subscribes
 * once to the union of their topics and hands each event to the purposes registered for its topic. Without a bus
 * nothing is subscribed and nothing is delivered.
 */
export class InstanceSubscriptions {
  readonly group: string;
  private readonly registered: Registered[] = [];
  private starting?: Promise<void>;
  private subscription?: Subscription;
  private stopped = false;

  constructor(
    private readonly options: {
      /** The services' events (the embedded bus or Kafka, through the EventBus port). */
      bus?: EventBus;
      /** This process's INSTANCE_ID. */
      instance?: string;
      logger: Logger;
    },
  ) {
    this.group = instanceGroup(options.instance);
  }

  /** Whether events come at all (a bus is given): what is derived from them can be kept, they tell when it changes. */
  get enabled(): boolean {
    return this.options.bus !== undefined;
  }

  /** Whether the subscription runs (started, not stopped): what is derived from the events is up to date. */
  get running(): boolean {
    return this.subscription !== undefined;
  }

  /** The purposes registered, with their topics (logs, tests). */
  get purposes(): Record<string, readonly string[]> {
    return Object.fromEntries(this.registered.map((r) => [r.purpose, r.topics]));
  }

  /**
   * Adds a purpose: from `start` on, `handler` gets every event of `topics`. Refused once started (the subscription
   * is made once, over the topics registered by then) and for a purpose registered already.
   */
  register(purpose: Purpose, topics: readonly string[], handler: EventHandler): void {
    if (this.starting) throw new Error(`gateway events: '${purpose}' registered after start`);
    if (this.registered.some((r) => r.purpose === purpose)) {
      throw new Error(`gateway events: '${purpose}' registered twice`);
    }
    this.registered.push({ purpose, topics: [...topics], handler });
  }

  /** Subscribes once, over the union of the registered topics (later calls wait for the same start). */
  start(): Promise<void> {
    this.starting ??= this.subscribe();
    return this.starting;
  }

  private async subscribe(): Promise<void> {
    const { bus, logger } = this.options;
    if (!bus || this.registered.length === 0 || this.stopped) return;
    const byTopic = new Map<string, Registered[]>();
    for (const r of this.registered) {
      for (const topic of r.topics) byTopic.set(topic, [...(byTopic.get(topic) ?? []), r]);
    }
    const subscription = await bus.subscribe(
      this.group,
      [...byTopic.keys()],
      (event, topic) => this.dispatch(byTopic.get(topic) ?? [], event, topic),
      { maxDelayMs: MAX_DELAY_MS },
    );
    if (this.stopped) {
      await subscription.stop();
      return;
    }
    this.subscription = subscription;
    logger.info({ group: this.group, purposes: this.purposes }, 'gateway events: subscribed');
  }

  /**
   * Every purpose of the topic gets the event, side by side (each is quick and independent of the others): one that
   * fails does not keep it from the others. Its failure is then the delivery's, so the bus delivers the event again
   * (to every purpose: what each does with an event it had is harmless, a live admin being told twice at worst).
   * The bus's metrics (instrumentBus, by group) measure the delivery to all of them together; which purpose failed
   * is in the log line below.
   */
  private async dispatch(targets: Registered[], ...[event, topic]: Parameters<EventHandler>): Promise<void> {
    const results = await Promise.allSettled(targets.map(async (r) => r.handler(event, topic)));
    const failed = results.flatMap((result, i) =>
      result.status === 'rejected' ? [{ purpose: targets[i]!.purpose, err: result.reason as unknown }] : [],
    );
    for (const { purpose, err } of failed) {
      this.options.logger.warn(
        { err, purpose, group: this.group, topic, eventId: event.id },
        'gateway events: a purpose failed on an event; it is delivered again',
      );
    }
    if (failed.length > 0) throw failed[0]!.err;
  }

  /** Stops the subscription (once; a start still under way is stopped as soon as it has subscribed). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting?.catch(() => undefined);
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.stop();
  }
}
