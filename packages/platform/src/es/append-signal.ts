import type { AppendResult, EventStore, ExpectedVersion, NewEvent, StoredEvent } from '../ports';

export type AppendListener = (events: StoredEvent[]) => void;

/**
 * An event store that tells in-process listeners right after each successful append, so the outbox relay can
 * publish at once instead of at its next poll. A listener that throws does not fail the append.
 */
export class SignallingEventStore implements EventStore {
  private readonly listeners = new Set<AppendListener>();

  constructor(readonly inner: EventStore) {}

  /** Calls listener after every append through this store; returns the function that stops it. */
  onAppend(listener: AppendListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async append(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
  ): Promise<AppendResult> {
    const result = await this.inner.append(streamId, expectedVersion, events);
    for (const listener of this.listeners) {
      try {
        listener(result.events);
      } catch {
        // The append is done; the relay's poll still finds the events.
      }
    }
    return result;
  }

  read(streamId: string) {
    return this.inner.read(streamId);
  }
  readAll(fromPosition: number, limit?: number, known?: ReadonlyMap<number, StoredEvent>) {
    return this.inner.readAll(fromPosition, limit, known);
  }
  readAllBackward(beforePosition?: number, limit?: number) {
    return this.inner.readAllBackward(beforePosition, limit);
  }
  lastPosition() {
    return this.inner.lastPosition();
  }
  reservedHere(position: number) {
    return this.inner.reservedHere?.(position);
  }
  ready() {
    return this.inner.ready();
  }
  close() {
    return this.inner.close();
  }
}
