import type { Collection, Document, EventMeta, EventStore, NewEvent, StoredEvent } from '../ports';
import { ConcurrencyError, DuplicateEventError } from '../ports';
import { deterministicEventId } from './inbox';
import { Conflict, NotYetReadable, StaleVersion } from './errors';

/** A domain event as decide produces it and evolve consumes it. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** The pure heart of an aggregate (emmett style): no I/O, no clock except what the command carries. */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

export interface CommandOptions {
  /**
   * The stream versions the caller's copy may be at (from If-Match). When given, a stream at another version is
   * StaleVersion and the append expects exactly the version read, with no retry: the caller decided on what it saw.
   */
  ifVersion?: readonly number[];
  /**
   * The message this command reacts to (a reaction to another service's event). The appended events get ids derived
   * from its id and the purpose (deterministicEventId), and its id as causationId, so a redelivered message appends
   * nothing twice: the store refuses the same id (DuplicateEventError), which counts as done. Its `type`, when
   * given, is kept as causationType, for the history to say in plain words what caused the change.
   */
  causedBy?: { eventId: string; purpose: string; type?: string };
  /** Tries when another writer appends between the read and the append (ConcurrencyError). Default 2. */
  attempts?: number;
  /**
   * The caller just made the stream's id (a random UUID for a new entity): there is nothing to read, so the command
   * is decided on the initial state and appended as a new stream. Should the stream exist after all, the append
   * fails on it and the next try reads it as usual.
   */
  newStream?: boolean;
}

/**
 * A new stream whose id derives from the request's Idempotency-Key (meta.idempotencyKey, see newEntityId): should it
 * exist, it is this request's earlier try, and its state is the answer, with nothing appended.
 */
const isRetriedCreate = (options: CommandOptions, meta: EventMeta) =>
  options.newStream === true && typeof meta.idempotencyKey === 'string';

export interface CommandResult<State> {
  state: State;
  /** The events appended: none when the command changed nothing or its events were already appended. */
  events: StoredEvent[];
  version: number;
  /**
   * When nothing was appended because the stream is this request's earlier try (a retried create): the position of
   * that try's last event, which the read models must reach before the caller reads the entity.
   */
  earlierPosition?: number;
}

/**
 * The id of the i-th event a command caused by another event appends: one scheme for every reaction, the same on
 * every delivery of the same message.
 */
export const derivedEventId = (causedBy: { eventId: string; purpose: string }, index: number) =>
  deterministicEventId(causedBy.eventId, index === 0 ? causedBy.purpose : `${causedBy.purpose}-${index}`);

/** A stream's current state, folded from its events. */
export async function loadState<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
): Promise<{ state: State; version: number }> {
  const history = await store.read(streamId);
  // The store keeps events untyped; a stream holds only the events its decider's decide produced.
  return { state: fold(decider, history as unknown as Event[]), version: history.length };
}

/**
 * Load the stream, decide, append with the version read. A conflict (someone appended in between) is retried with
 * fresh state (`attempts` tries in all), then thrown as Conflict. With `ifVersion`, a stale version is StaleVersion,
 * never retried. With `causedBy`, the events' ids derive from the causing message, and a duplicate is a no-op.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  meta: EventMeta = {},
  options: CommandOptions = {},
): Promise<CommandResult<State>> {
  const { ifVersion, causedBy, attempts = 2, newStream = false } = options;
  const eventMeta = causedBy
    ? { ...meta, causationId: causedBy.eventId, ...(causedBy.type && { causationType: causedBy.type }) }
    : meta;
  for (let attempt = 1; ; attempt++) {
    const { state, version } =
      newStream && attempt === 1
        ? { state: decider.initialState(), version: 0 }
        : await loadState(store, streamId, decider);
    if (ifVersion && !ifVersion.includes(version)) {
      throw new StaleVersion(streamId, ifVersion, version);
    }
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { state, events: [], version };
    try {
      const newEvents: NewEvent[] = decided.map((e, i) => ({
        type: e.type,
        data: e.data,
        meta: eventMeta,
        ...(causedBy && { id: derivedEventId(causedBy, i) }),
      }));
      const result = await store.append(streamId, version === 0 ? 'no_stream' : version, newEvents);
      return {
        state: decided.reduce(decider.evolve, state),
        events: result.events,
        version: result.nextExpectedVersion,
      };
    } catch (err) {
      if (err instanceof DuplicateEventError && causedBy) return { state, events: [], version };
      if (err instanceof ConcurrencyError && attempt === 1 && isRetriedCreate(options, meta)) {
        const history = await store.read(streamId);
        return {
          state: fold(decider, history as unknown as Event[]),
          version: history.length,
          events: [],
          earlierPosition: history.at(-1)?.position,
        };
      }
      if (err instanceof ConcurrencyError && ifVersion) {
        throw new StaleVersion(streamId, ifVersion, err.actual);
      }
      if (err instanceof ConcurrencyError && attempt < attempts) continue;
      if (err instanceof ConcurrencyError) {
        throw new Conflict('The record was changed at the same time; please try again');
      }
      throw err;
    }
  }
}

/** Where a command runs: the service's event store, and the projector that makes its read models catch up. */
export interface CommandSite {
  infra: { eventStore: EventStore };
  projector: {
    catchUp(upTo?: number, appended?: readonly StoredEvent[]): Promise<unknown>;
    /** Tells the projector a writer is busy until the returned function is called (see Projector.beginAppend). */
    beginAppend?(): () => void;
    /** A row as the projection of the events up to `upTo` sent it, if this process did (see Projector.sentRow). */
    sentRow?<T extends Document>(collection: Collection<T>, id: string, upTo: number): T | undefined;
  };
}

export interface RunCommandOptions extends CommandOptions {
  /** Who and which request (or, for a reaction, which service) caused the events. */
  meta?: EventMeta;
  /**
   * Undoes what the caller wrote before the command (a stored file, say) when the command fails and nothing was
   * appended; the command's error is thrown on. A projection that fails afterwards does not undo: the event stands.
   */
  undo?: () => Promise<unknown>;
}

/**
 * The one command pipeline of routes and reactions: handleCommand (load, decide, append with the version read,
 * retry on a conflict, derived ids for a reaction), then the read models catch up, so the caller reads its own write.
 */
export async function runCommand<State, Command, Event extends DomainEvent>(
  site: CommandSite,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: RunCommandOptions = {},
): Promise<CommandResult<State>> {
  const { meta, undo, ...commandOptions } = options;
  let result: CommandResult<State>;
  const handedOver = site.projector.beginAppend?.();
  try {
    result = await handleCommand(site.infra.eventStore, streamId, decider, command, meta, commandOptions);
  } catch (err) {
    handedOver?.();
    await undo?.().catch(() => undefined);
    throw err;
  }
  // Up to what this command appended, or its earlier try appended (else whatever is there: its caller reads it next).
  const upTo = result.events.at(-1)?.position ?? result.earlierPosition;
  const caughtUp = site.projector.catchUp(upTo, result.events);
  handedOver?.();
  try {
    await caughtUp;
  } catch (err) {
    // The events stand: saying the write failed would invite a second one.
    if (upTo !== undefined) throw new NotYetReadable(streamId, err);
    throw err;
  }
  return result;
}
