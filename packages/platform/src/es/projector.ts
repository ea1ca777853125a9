import type { EventStore, ReadModels, StoredEvent } from '../ports';
import type { Logger } from '../logging';

/** Writes one service's read models from its events. apply must be idempotent for an event seen twice. */
export interface Projection {
  /** The read-model collections it owns (cleared by a rebuild). */
  collections: string[];
  apply(event: StoredEvent, models: ReadModels): Promise<void>;
}

/** How long catchUp waits for a position reserved by another writer: past the Mongo store's 5 s gap timeout. */
const GAP_WAIT_MS = 6000;

interface Checkpoint {
  id: string;
  position: number;
}

/**
 * Applies the store's events to the read models in position order, from a checkpoint kept with the read models.
 * Writes call catchUp() after appending, so a client reads its own writes; start-up calls it to recover from a
 * crash between append and projection.
 */
export class Projector {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly models: ReadModels,
    private readonly projections: Projection[],
    private readonly logger?: Logger,
    private readonly name = 'projections',
  ) {}

  private get checkpoints() {
    return this.models.collection<Checkpoint>('checkpoints');
  }

  /** Serialised: concurrent callers wait for one pass over the new events. */
  catchUp(): Promise<number> {
    const run = this.chain.then(() => this.passToEnd());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** The position of the last event applied to the read models (shared by every replica that shares them). */
  async position(): Promise<number> {
    return (await this.checkpoints.get(this.name))?.position ?? 0;
  }

  /**
   * A pass, then more while the store holds events past the checkpoint. With several writers (replicas) a position
   * another process reserved and has not written yet stops a pass short of this process's own new event, which its
   * caller is about to read; the wait is bounded (the store skips a hole its writer abandoned after a while).
   */
  private async passToEnd(): Promise<number> {
    let applied = await this.pass();
    const deadline = Date.now() + GAP_WAIT_MS;
    for (let delay = 5; Date.now() < deadline; delay = Math.min(delay * 2, 100)) {
      if ((await this.store.lastPosition()) <= (await this.position())) break;
      await new Promise((r) => setTimeout(r, delay));
      applied += await this.pass();
    }
    return applied;
  }

  private async pass(): Promise<number> {
    let position = (await this.checkpoints.get(this.name))?.position ?? 0;
    let applied = 0;
    for (;;) {
      const events = await this.store.readAll(position, 500);
      if (events.length === 0) return applied;
      for (const event of events) {
        for (const p of this.projections) await p.apply(event, this.models);
        position = event.position;
        applied++;
      }
      await this.checkpoints.put({ id: this.name, position });
      if (events.length < 500) return applied; // a short page was the end: no extra read to find that out
    }
  }

  /** Empties the read models and applies every event again. */
  async rebuild(): Promise<number> {
    const run = this.chain.then(async () => {
      for (const p of this.projections)
        for (const c of p.collections) await this.models.collection(c).clear();
      await this.checkpoints.delete(this.name);
      const n = await this.pass();
      this.logger?.info({ events: n }, 'read models rebuilt');
      return n;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }
}
