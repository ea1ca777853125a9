import { fold, type Decider, type DomainEvent } from '../es/decider';

/** An error class, for {@link DeciderWhen.thenThrows}. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- error constructors take any arguments
type ErrorClass<E extends Error> = new (...args: any[]) => E;

export interface DeciderGiven<State, Command, Event extends DomainEvent> {
  /** The state the given events fold to. */
  readonly state: State;
  when(command: Command): DeciderWhen<State, Event>;
}

export interface DeciderWhen<State, Event extends DomainEvent> {
  /**
   * The command decides exactly these events (`toEqual`, so asymmetric matchers such as `expect.objectContaining`
   * work), or, given a function, whatever it asserts about them. Returns the events and the state after them, for a
   * test that goes on from there.
   */
  then(expected: readonly Event[] | ((events: Event[]) => void)): { events: Event[]; state: State };
  /** The command decides no event. */
  thenNothingHappened(): void;
  /**
   * The command is refused with an error of this class and, when given, a message containing this text (or matching
   * this pattern), or an error the predicate accepts.
   */
  thenThrows<E extends Error>(
    errorType: ErrorClass<E>,
    check?: string | RegExp | ((error: E) => boolean),
  ): void;
}

/**
 * Given/When/Then over a decider, without I/O (emmett's `DeciderSpecification`): the given events are folded into
 * the state the command is decided on.
 *
 * ```ts
 * const given = DeciderSpecification.for(faqDecider);
 * given([created]).when({ type: 'DeleteFaq', id: 'f1', at }).then([deleted]);
 * given([]).when({ type: 'UpdateFaq', id: 'f1', fields, at }).thenThrows(NotFound);
 * ```
 */
export const DeciderSpecification = {
  for<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
  ): (events: readonly Event[]) => DeciderGiven<State, Command, Event> {
    return (given) => {
      const state = fold(decider, given);
      return {
        state,
        when: (command) => {
          const decide = () => decider.decide(command, state);
          return {
            then(expected) {
              const events = decide();
              if (typeof expected === 'function') expected(events);
              else expect(events).toEqual(expected);
              return { events, state: events.reduce(decider.evolve, state) };
            },
            thenNothingHappened() {
              expect(decide()).toEqual([]);
            },
            thenThrows(errorType, check) {
              expect(decide).toThrow(errorType);
              if (typeof check === 'function') {
                let thrown: unknown;
                try {
                  decide();
                } catch (err) {
                  thrown = err;
                }
                expect(check(thrown as Parameters<typeof check>[0])).toBe(true);
              } else if (check !== undefined) {
                expect(decide).toThrow(check);
              }
            },
          };
        },
      };
    };
  },
};
