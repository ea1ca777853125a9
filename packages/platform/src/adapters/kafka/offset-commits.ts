/** Where a consumer group goes on in a partition: the offset after the last message handled there. */
export interface PartitionOffset {
  topic: string;
  partition: number;
  offset: string;
}

export interface OffsetCommitsOptions {
  /** Sends the offsets (kafkajs: consumer.commitOffsets). */
  commit(offsets: PartitionOffset[]): Promise<void>;
  /** The longest a handled message waits for its offset to be committed. */
  everyMs: number;
  /** Told when a commit failed (the messages after the last committed offset are delivered again). */
  failed?(err: unknown): void;
}

/**
 * A consumer's offsets, committed at most every `everyMs` while messages keep coming, and at once when they stop
 * (a timer) or the subscription does (`flush`). kafkajs commits after every fetched batch: under load, a batch is one
 * or two messages, so every group sent the broker an OffsetCommit for every fetch, most of its work. A crash
 * redelivers at most the last `everyMs` of messages, which the inbox keeps single, as before.
 */
export class OffsetCommits {
  private readonly pending = new Map<string, PartitionOffset>();
  private lastCommit = 0;
  private timer?: NodeJS.Timeout;
  private sending: Promise<void> = Promise.resolve();

  constructor(private readonly options: OffsetCommitsOptions) {}

  /** The message at `offset` of the partition and every one before it are handled. */
  handled(topic: string, partition: number, offset: string): void {
    const next = (BigInt(offset) + 1n).toString();
    const key = `${topic}\u0000${partition}`;
    const known = this.pending.get(key);
    if (known && BigInt(known.offset) >= BigInt(next)) return;
    this.pending.set(key, { topic, partition, offset: next });
    this.schedule();
  }

  /** Forgets the offsets of partitions this consumer no longer has (a rebalance gave them to another member). */
  keepOnly(assigned: (topic: string, partition: number) => boolean): void {
    for (const [key, p] of this.pending) if (!assigned(p.topic, p.partition)) this.pending.delete(key);
  }

  /** Commits what is pending now (the subscription stops, or the next commit is due). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return this.sending;
    const offsets = [...this.pending.values()];
    this.pending.clear();
    this.lastCommit = Date.now();
    this.sending = this.sending
      .then(() => this.options.commit(offsets))
      .catch((err) => this.options.failed?.(err));
    return this.sending;
  }

  /** Drops what is pending without committing it (the consumer is gone; its successor starts from the broker's). */
  reset(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private schedule(): void {
    const due = this.lastCommit + this.options.everyMs - Date.now();
    if (due <= 0) {
      void this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), due);
    this.timer.unref?.();
  }
}
