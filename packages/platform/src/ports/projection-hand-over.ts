import type { StoredEvent } from './event-store';
import type { Document } from './read-models';

/** The rows one collection was sent by a pass: [id, document or null when deleted]. */
export interface HandedRows {
  collection: string;
  rows: [string, Document | null][];
}

/** What a process's pass applied, as it tells the other processes of its service. */
export interface AppliedNews {
  /** The process that applied (its projector's holder id). */
  holder: string;
  /** Whether it keeps the checkpoint's lock for the passes that follow: events are best handed to it. */
  holds: boolean;
  /** Every event up to here has its rows in the read models. */
  position: number;
  /** The rows its pass sent, so a writer that handed its events over reads its entity without asking the store. */
  rows: HandedRows[];
}

/** What one projector of a process hears: events handed to it, and what the others applied. */
export interface HandOverListener {
  handedOver(events: StoredEvent[]): void;
  applied(news: AppliedNews): void;
}

/**
 * How the processes of one service that share its read models hand their writers' events to the one applying them
 * (the holder of the projection checkpoint's lock), instead of each taking the lock in turn: one applier, one
 * checkpoint, no contention. Messages may be lost: a sender that hears nothing in time applies the events itself.
 */
export interface ProjectionHandOver {
  /** True while this process hears every message sent to it: only then does it hand events over. */
  readonly listening: boolean;
  /** Sends events to projector `projection` of process `holder`; false when no such process listens. */
  send(projection: string, holder: string, events: StoredEvent[]): Promise<boolean>;
  /** Tells every process of the service what projector `projection` of this process applied. */
  tell(projection: string, news: AppliedNews): void;
  /** Hears projector `projection`'s messages for process `holder`; returns the function that stops it. */
  listen(projection: string, holder: string, listener: HandOverListener): () => void;
  close(): Promise<void>;
}
