/** Who caused an event and in which request. */
export interface EventMeta {
  actor?: string;
  requestId?: string;
  [key: string]: unknown;
}

/** An event as a command handler produces it, before the store gives it a place. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  id?: string;
  meta?: EventMeta;
}

/** An event as the store keeps it. `version` is its place in its stream (1-based); `position` its place in the whole store. */
export interface StoredEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  streamId: string;
  version: number;
  position: number;
  occurredAt: string;
  data: Data;
  meta: EventMeta;
}

/** `no_stream`: the stream must not exist yet; a number: its current version must be exactly that; `any`: no check. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export interface AppendResult {
  nextExpectedVersion: number;
  events: StoredEvent[];
}

export interface EventStore {
  /** Appends atomically: all events or none. Throws ConcurrencyError when the expected version does not hold. */
  append(streamId: string, expectedVersion: ExpectedVersion, events: NewEvent[]): Promise<AppendResult>;
  /** Every event of one stream in version order (empty when the stream does not exist). */
  read(streamId: string): Promise<StoredEvent[]>;
  /**
   * Events of all streams with position > fromPosition, in position order. `known`: events the caller has already,
   * by position (what its own writers appended): an adapter that reads position by position returns those as given
   * instead of reading them again, and reads only the others'.
   */
  readAll(
    fromPosition: number,
    limit?: number,
    known?: ReadonlyMap<number, StoredEvent>,
  ): Promise<StoredEvent[]>;
  /**
   * Events of all streams with position < beforePosition (every event when omitted), newest first: the activity
   * feed's page. An append still in flight may show up later below a page already read (it is newer news then).
   */
  readAllBackward(beforePosition?: number, limit?: number): Promise<StoredEvent[]>;
  /** The highest position in the store (0 when empty). */
  lastPosition(): Promise<number>;
  /**
   * Whether this process reserved the position for an append (true), or another process did (false); undefined where
   * the store cannot tell. A reader missing a position waits for this process's own writer to hand it over, and
   * reads another process's from the store at once.
   */
  reservedHere?(position: number): boolean | undefined;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
    this.name = 'ConcurrencyError';
  }
}

/** An event with this id is already in the store: the append was a duplicate and changed nothing. */
export class DuplicateEventError extends Error {
  constructor(readonly eventId: string) {
    super(`Event ${eventId} is already stored`);
    this.name = 'DuplicateEventError';
  }
}
