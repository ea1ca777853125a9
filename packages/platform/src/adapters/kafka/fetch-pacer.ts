/** Events handed over within one delay window above which a subscriber counts as busy. */
export const BUSY_EVENTS = 10;

/**
 * Paces the fetches of a subscriber that may wait (SubscribeOptions.maxDelayMs). While events come faster than
 * BUSY_EVENTS within `delayMs`, each fetched batch is followed by a pause of `delayMs` before the next fetch, so that
 * fetch brings at once what came meanwhile: under load a few big fetches instead of one or two events each. An event
 * that comes after a quiet spell, or one of a slow trickle, is fetched and handed over at once.
 */
export class FetchPacer {
  /** When the events of the current window were handed over, oldest first. */
  private readonly handed: number[] = [];

  constructor(
    private readonly delayMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a batch of `count` events just handed over; answers how long to wait before the next fetch. */
  pauseAfter(count: number): number {
    const now = this.now();
    for (let i = 0; i < count; i++) this.handed.push(now);
    while (this.handed.length > 0 && this.handed[0]! <= now - this.delayMs) this.handed.shift();
    return this.handed.length > BUSY_EVENTS ? this.delayMs : 0;
  }
}
