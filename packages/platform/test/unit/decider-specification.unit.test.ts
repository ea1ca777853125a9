import { Conflict, NotFound, type Decider } from '../../src';
import { DeciderSpecification } from '../../src/testing';

type Event = { type: 'Opened'; data: { id: string } } | { type: 'Closed'; data: { id: string } };
type Command = { type: 'Open'; id: string } | { type: 'Close'; id: string };
type State = 'none' | 'open' | 'closed';

const door: Decider<State, Command, Event> = {
  initialState: () => 'none',
  decide: (command, state) => {
    if (command.type === 'Open')
      return state === 'none' ? [{ type: 'Opened', data: { id: command.id } }] : [];
    if (state === 'none') throw new NotFound(`door ${command.id} not found`);
    return state === 'open' ? [{ type: 'Closed', data: { id: command.id } }] : [];
  },
  evolve: (_state, event) => (event.type === 'Opened' ? 'open' : 'closed'),
};
const given = DeciderSpecification.for(door);
const opened: Event = { type: 'Opened', data: { id: 'd1' } };
const closed: Event = { type: 'Closed', data: { id: 'd1' } };

describe('DeciderSpecification', () => {
  it('Given events, then the state is their fold, and then() passes on exactly the decided events and returns the state after them', () => {
    expect(given([]).state).toBe('none');
    expect(given([opened]).when({ type: 'Close', id: 'd1' }).then([closed])).toEqual({
      events: [closed],
      state: 'closed',
    });
    expect(() => given([opened]).when({ type: 'Close', id: 'd1' }).then([])).toThrow();
    expect(() => given([opened]).when({ type: 'Close', id: 'd1' }).then([closed, closed])).toThrow();
  });

  it('When then() is given a function, then it asserts what the function asserts', () => {
    given([opened])
      .when({ type: 'Close', id: 'd1' })
      .then((events) => expect(events).toHaveLength(1));
    expect(() =>
      given([opened])
        .when({ type: 'Close', id: 'd1' })
        .then((events) => expect(events).toHaveLength(2)),
    ).toThrow();
  });

  it('When no event is decided, then thenNothingHappened passes; when one is, then it fails', () => {
    given([opened, closed]).when({ type: 'Close', id: 'd1' }).thenNothingHappened();
    expect(() => given([opened]).when({ type: 'Close', id: 'd1' }).thenNothingHappened()).toThrow();
  });

  it('When the command is refused, then thenThrows checks the class, the message or a predicate', () => {
    const refused = given([]).when({ type: 'Close', id: 'd1' });
    refused.thenThrows(NotFound);
    refused.thenThrows(NotFound, 'door d1');
    refused.thenThrows(NotFound, (error) => error.message.includes('d1'));
    expect(() => refused.thenThrows(Conflict)).toThrow();
    expect(() => refused.thenThrows(NotFound, 'door d2')).toThrow();
    expect(() => refused.thenThrows(NotFound, () => false)).toThrow();
    expect(() => given([opened]).when({ type: 'Close', id: 'd1' }).thenThrows(NotFound)).toThrow();
  });
});
