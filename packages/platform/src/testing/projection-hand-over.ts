import type { AppliedNews, HandOverListener, ProjectionHandOver, StoredEvent } from '../ports';

/**
 * The processes of one service in one test: each gets its own end (`process()`), and messages reach the others a
 * macrotask later, copied, as they would through Redis. `deaf` (per end) stops it hearing anything.
 */
export class InMemoryHandOverNetwork {
  private readonly ends = new Set<InMemoryHandOver>();
  /** Messages sent so far, by kind. */
  readonly sent = { events: 0, news: 0 };

  process(): InMemoryHandOver {
    const end = new InMemoryHandOver(this);
    this.ends.add(end);
    return end;
  }

  /** @internal */
  deliver(pick: (end: InMemoryHandOver) => (() => void) | undefined): number {
    let heard = 0;
    for (const end of this.ends) {
      const run = end.listening ? pick(end) : undefined;
      if (!run) continue;
      heard++;
      setImmediate(run);
    }
    return heard;
  }

  /** @internal */
  drop(end: InMemoryHandOver): void {
    this.ends.delete(end);
  }
}

export class InMemoryHandOver implements ProjectionHandOver {
  listening = true;
  private readonly listeners: { projection: string; holder: string; listener: HandOverListener }[] = [];

  constructor(private readonly network: InMemoryHandOverNetwork) {}

  async send(projection: string, holder: string, events: StoredEvent[]): Promise<boolean> {
    this.network.sent.events++;
    const copy = structuredClone(events);
    const heard = this.network.deliver((end) => end.handler(projection, holder, 'handedOver', copy));
    return heard > 0;
  }

  tell(projection: string, news: AppliedNews): void {
    this.network.sent.news++;
    const copy = structuredClone(news);
    this.network.deliver((end) =>
      end === this ? undefined : end.handler(projection, undefined, 'applied', copy),
    );
  }

  /** @internal */
  handler(
    projection: string,
    holder: string | undefined,
    kind: 'handedOver' | 'applied',
    message: StoredEvent[] | AppliedNews,
  ): (() => void) | undefined {
    const matching = this.listeners.filter(
      (l) => l.projection === projection && (holder === undefined || l.holder === holder),
    );
    if (matching.length === 0) return undefined;
    return () => {
      if (!this.listening) return;
      for (const { listener } of matching)
        if (kind === 'handedOver') listener.handedOver(message as StoredEvent[]);
        else listener.applied(message as AppliedNews);
    };
  }

  listen(projection: string, holder: string, listener: HandOverListener): () => void {
    const entry = { projection, holder, listener };
    this.listeners.push(entry);
    return () => {
      const i = this.listeners.indexOf(entry);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  async close(): Promise<void> {
    this.listening = false;
    this.network.drop(this);
  }
}
