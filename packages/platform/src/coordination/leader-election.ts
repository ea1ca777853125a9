import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ReadModels } from '../ports';
import type { Logger } from '../observability/logging';
import { Lease } from './lease';

export interface LeaderElectionOptions {
  /** How long a lease lasts without renewal: a dead leader is replaced about this long after its last renewal. */
  ttlMs: number;
  /** How often the leader renews (and a follower tries at least this often). Must be well under ttlMs. */
  renewMs: number;
  /** This process's id in the lease (default: host, pid and a random part). */
  holder?: string;
  logger?: Logger;
}

/** A unique id of this process (several services in one test process get different ones through the random part). */
export const processHolderId = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * One leader among the processes of a service for the work only one of them may do (the outbox relay, the expiry
 * sweep): whoever holds the service's lease. The leader renews it every renewMs; a follower tries again when the
 * leader's lease runs out (or every renewMs, to notice a release), so a leader that dies is replaced within about
 * ttlMs. The leader counts itself leader only until a margin before its own expiry, so when renewals fail (the
 * store unreachable) it stops before another process may start.
 */
export class LeaderElection {
  readonly holder: string;
  private readonly lease: Lease;
  private readonly margin: number;
  private validUntil = 0;
  private leading = false;
  private stopped = true;
  private timer?: NodeJS.Timeout;
  private ticking?: Promise<void>;
  private readonly listeners = new Set<(leader: boolean) => void>();

  constructor(
    models: ReadModels,
    readonly name: string,
    private readonly options: LeaderElectionOptions,
  ) {
    if (!(options.renewMs > 0 && options.renewMs < options.ttlMs)) {
      throw new Error(
        `leader lease: the renew interval (${options.renewMs} ms) must be positive and under the TTL (${options.ttlMs} ms)`,
      );
    }
    this.holder = options.holder ?? processHolderId();
    this.lease = new Lease(models, `leader:${name}`, this.holder, options.ttlMs);
    this.margin = Math.min(1000, options.ttlMs / 5);
  }

  /** True while this process holds an unexpired lease. */
  get isLeader(): boolean {
    return this.leading && Date.now() < this.validUntil;
  }

  /** Told of every change (true: this process now leads). Returns the unsubscribe function. */
  onChange(listener: (leader: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts campaigning; resolves after the first try, so a lone process leads as soon as start() returns. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.runTick();
  }

  private runTick(): Promise<void> {
    this.ticking = this.tick().then((delay) => {
      this.ticking = undefined;
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.runTick(), delay);
      this.timer.unref();
    });
    return this.ticking;
  }

  /** One try; returns how long to wait before the next. */
  private async tick(): Promise<number> {
    const { ttlMs, renewMs } = this.options;
    const asked = Date.now();
    try {
      const state = await this.lease.acquire(asked);
      if (state.held) {
        this.validUntil = asked + ttlMs - this.margin;
        this.set(true);
        return renewMs;
      }
      this.set(false);
      // Try again right after the holder's lease runs out, and at least every renewMs (a release frees it early).
      return Math.max(10, Math.min(renewMs, state.expiresAt - Date.now() + 20));
    } catch (err) {
      this.options.logger?.warn({ err, lease: this.name }, 'leader lease: the store did not answer');
      if (!this.isLeader) this.set(false);
      return Math.min(renewMs, 1000);
    }
  }

  private set(leader: boolean): void {
    if (leader === this.leading) return;
    this.leading = leader;
    this.options.logger?.info(
      { lease: this.name, holder: this.holder },
      leader ? 'leader lease taken: this process leads' : 'leader lease lost: this process follows',
    );
    for (const listener of this.listeners) listener(leader);
  }

  /** Stops campaigning and releases the lease if held, so a follower takes over at its next try. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    const wasLeader = this.leading;
    this.set(false);
    if (wasLeader) {
      await this.lease
        .release()
        .catch((err) => this.options.logger?.warn({ err, lease: this.name }, 'leader lease not released'));
    }
  }
}
