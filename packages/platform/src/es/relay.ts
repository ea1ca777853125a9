import type { EventBus, EventStore, ReadModels } from '../ports';
import type { Logger } from '../logging';

/**
 * The outbox relay: the event store is the outbox. Events go to the bus in position order, and the checkpoint
 * moves only after the bus acknowledged, so a crash re-sends (at least once) instead of losing anything.
 */
export class OutboxRelay {
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly store: EventStore,
    private readonly bus: EventBus,
    private readonly models: ReadModels,
    private readonly topic: string,
    private readonly logger?: Logger,
    private readonly pollMs = 100,
  ) {}

  start(): void {
    if (!this.bus.needsRelay) return;
    const loop = async () => {
      if (this.stopped) return;
      try {
        await this.flush();
      } catch (err) {
        this.logger?.error({ err }, 'outbox relay: publishing failed; will retry');
      }
      if (!this.stopped) this.timer = setTimeout(() => (this.running = loop()), this.pollMs);
    };
    this.running = loop();
  }

  /** Publishes everything not yet published. */
  async flush(): Promise<number> {
    const checkpoints = this.models.collection<{ id: string; position: number }>('checkpoints');
    let position = (await checkpoints.get('relay'))?.position ?? 0;
    let sent = 0;
    for (;;) {
      const events = await this.store.readAll(position, 500);
      if (events.length === 0) return sent;
      await this.bus.publish(this.topic, events);
      position = events[events.length - 1]!.position;
      await checkpoints.put({ id: 'relay', position });
      sent += events.length;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
