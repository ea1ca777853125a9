import { HttpError, refuseBusy } from '@12yards/platform';

export interface HashQueueOptions {
  /** Password verifications run at once (each scrypt at N = 2^17 holds 128 MB). */
  concurrency: number;
  /** Verifications waiting for a turn; past that, 503. */
  maxWaiting: number;
  /** Verifications one client (IP) may have running or waiting; past that, 429. */
  perClient: number;
}

export const DEFAULT_HASH_QUEUE: HashQueueOptions = { concurrency: 2, maxWaiting: 32, perClient: 1 };

const refuse = (status: 429 | 503, message: string) => {
  if (status === 503) return refuseBusy('service_unavailable', message, 1);
  const err = new HttpError(status, 'too_many_requests', message);
  err.headers['Retry-After'] = '1';
  return err;
};

/**
 * Bounds the password hashing a login does: a few at once, a short FIFO queue behind them, and at most one per
 * client, so a burst of guesses from one address neither fills memory nor makes another client's login wait behind
 * all of it. Priority jobs (a login from a known device) go ahead of the others and are not refused when the queue
 * is full: waiting costs no hashing memory, and only a signed device cookie gets there.
 */
export class HashQueue {
  private running = 0;
  private readonly urgent: Array<() => void> = [];
  private readonly waiting: Array<() => void> = [];
  private readonly perClient = new Map<string, number>();

  constructor(private readonly options: HashQueueOptions = DEFAULT_HASH_QUEUE) {}

  /** Runs the job in its turn; throws 429 when this client already has its share, 503 when the queue is full. */
  async run<T>(client: string, job: () => Promise<T>, priority = false): Promise<T> {
    const mine = this.perClient.get(client) ?? 0;
    if (mine >= this.options.perClient) {
      throw refuse(429, 'Too many login attempts at once. Please wait and try again.');
    }
    const busy = this.running >= this.options.concurrency;
    if (busy && !priority && this.waiting.length >= this.options.maxWaiting) {
      throw refuse(503, 'The server is busy. Please try again in a moment.');
    }
    this.perClient.set(client, mine + 1);
    try {
      if (busy) await new Promise<void>((resolve) => (priority ? this.urgent : this.waiting).push(resolve));
      else this.running++;
      try {
        return await job();
      } finally {
        // The turn passes straight to the next waiter (running stays the same), or is given back.
        const next = this.urgent.shift() ?? this.waiting.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
    }
  }
}
