import type { ReadModels } from '../ports';

/** One lease document: who holds it and until when (ms since the epoch, on the holder's clock). */
export interface LeaseRecord {
  id: string;
  holder: string;
  expiresAt: number;
}

export interface LeaseState {
  held: boolean;
  /** When the lease runs out: this holder's new expiry when held, the other holder's otherwise (0: free). */
  expiresAt: number;
  holder: string;
}

/** The collection of the read-model store that keeps leases (never cleared by a rebuild). */
export const LEASES = 'leases';

/**
 * A named lease in the read-model store, taken and renewed with a compare-and-set on what was read (holder and
 * expiry), so of several processes asking at once exactly one gets it. A lease whose expiry passed is free: its
 * holder died or lost touch with the store. Clocks of the processes are assumed to agree within a fraction of the
 * TTL (NTP); the holder stops acting before its own expiry (see LeaderElection).
 */
export class Lease {
  constructor(
    private readonly models: ReadModels,
    readonly name: string,
    readonly holder: string,
    readonly ttlMs: number,
  ) {
    if (!holder) throw new Error('A lease holder needs an id');
  }

  private get leases() {
    return this.models.collection<LeaseRecord>(LEASES, { compareAndSet: true });
  }

  /** Takes the lease when it is free or expired, renews it when this holder has it; else tells who has it. */
  async acquire(now = Date.now()): Promise<LeaseState> {
    const current = await this.leases.get(this.name);
    if (current && current.holder !== this.holder && current.expiresAt > now) {
      return { held: false, expiresAt: current.expiresAt, holder: current.holder };
    }
    const next: LeaseRecord = { id: this.name, holder: this.holder, expiresAt: now + this.ttlMs };
    const written = await this.leases.putIf(
      next,
      current ? { holder: current.holder, expiresAt: current.expiresAt } : null,
    );
    if (written) return { held: true, expiresAt: next.expiresAt, holder: this.holder };
    // Another process wrote in between: it holds the lease now.
    const winner = await this.leases.get(this.name);
    return { held: false, expiresAt: winner?.expiresAt ?? 0, holder: winner?.holder ?? '' };
  }

  /** Gives the lease up at once (if this holder still has it), so another process need not wait for its expiry. */
  async release(): Promise<boolean> {
    const current = await this.leases.get(this.name);
    if (!current || current.holder !== this.holder) return false;
    return this.leases.putIf(
      { id: this.name, holder: '', expiresAt: 0 },
      { holder: this.holder, expiresAt: current.expiresAt },
    );
  }
}
