export interface AdmissionLimits {
  /** Requests let through at once. */
  maxInFlight: number;
  /** Requests that may wait for a place; beyond that they are turned away at once. */
  maxQueued: number;
  /** How long a request may wait for a place before it is turned away. */
  queueTimeoutMs: number;
}

interface Waiter {
  admit(): void;
}

/**
 * A bounded number of places and a bounded, first-come first-served wait line with a time limit: under overload
 * the extra requests are refused quickly instead of piling up until the process runs out of sockets or memory.
 */
export class Admission {
  private inFlight = 0;
  /** Insertion-ordered, so the first entry is the longest waiting; a leaving waiter is removed in O(1). */
  private readonly waiting = new Set<Waiter>();

  constructor(private readonly limits: AdmissionLimits) {}

  /**
   * Resolves true when the caller has a place (it must call {@link release} exactly once when done), false when
   * it is turned away: the line is full, it waited too long, or `signal` aborted (the client went away).
   */
  enter(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.inFlight < this.limits.maxInFlight) {
      this.inFlight++;
      return Promise.resolve(true);
    }
    if (this.waiting.size >= this.limits.maxQueued) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const leave = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', leave);
        this.waiting.delete(waiter);
        resolve(false);
      };
      const waiter: Waiter = {
        // The place is handed over by release(), which does not lower inFlight.
        admit: () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', leave);
          resolve(true);
        },
      };
      const timer = setTimeout(leave, this.limits.queueTimeoutMs);
      signal.addEventListener('abort', leave);
      this.waiting.add(waiter);
    });
  }

  /** Gives the place back, to the longest waiting request if there is one. */
  release(): void {
    const next = this.waiting.values().next();
    if (next.done) {
      this.inFlight--;
      return;
    }
    this.waiting.delete(next.value);
    next.value.admit();
  }

  get stats() {
    return { inFlight: this.inFlight, waiting: this.waiting.size };
  }
}
