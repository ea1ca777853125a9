import type { EventMeta, EventStore, NewEvent, StoredEvent } from '../ports';
import { ConcurrencyError } from '../ports';
import { Conflict, StaleVersion } from './errors';

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
}

export interface CommandResult<State> {
  state: State;
  events: StoredEvent[];
  version: number;
}

/**
 * Load the stream, decide, append with the version read. A conflict (someone appended in between) is retried
 * once with fresh state, then thrown as Conflict. With `ifVersion`, a stale version is StaleVersion, never retried.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  meta: EventMeta = {},
  options: CommandOptions = {},
): Promise<CommandResult<State>> {
  const { ifVersion } = options;
  for (let attempt = 1; ; attempt++) {
    const history = await store.read(streamId);
    if (ifVersion && !ifVersion.includes(history.length)) {
      throw new StaleVersion(streamId, ifVersion, history.length);
    }
    const state = fold(decider, history as unknown as Event[]);
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { state, events: [], version: history.length };
    try {
      const newEvents: NewEvent[] = decided.map((e) => ({ type: e.type, data: e.data, meta }));
      const result = await store.append(
        streamId,
        history.length === 0 ? 'no_stream' : history.length,
        newEvents,
      );
      return {
        state: decided.reduce(decider.evolve, state),
        events: result.events,
        version: result.nextExpectedVersion,
      };
    } catch (err) {
      if (err instanceof ConcurrencyError && ifVersion) {
        throw new StaleVersion(streamId, ifVersion, err.actual);
      }
      if (err instanceof ConcurrencyError && attempt < 2) continue;
      if (err instanceof ConcurrencyError) {
        throw new Conflict('The record was changed at the same time; please try again');
      }
      throw err;
    }
  }
}
