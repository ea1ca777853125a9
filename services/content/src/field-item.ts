import { NotFound, pickFields, type Decider } from '@12yards/platform';

/** An item that is a set of fields the admin edits whole (a FAQ, a gallery screenshot): none yet, live, or deleted. */
export type FieldItemState<Fields> =
  { status: 'none' } | { status: 'live'; fields: Fields } | { status: 'deleted' };

type WithFields<Fields> = { id: string; at: Date; fields: Fields };
type ById = { id: string; at: Date };
type Data<Fields> = { id: string; at: string } & Fields;

/** The names a kind gives its three commands (and, given with its events, theirs), and what it calls an item in a 404. */
export interface FieldItemKind<Fields, Create extends string, Update extends string, Delete extends string> {
  noun: string;
  /** The fields an event carries besides its id and time (an update that changes none of them is no event). */
  keys: readonly (keyof Fields)[];
  commands: { create: Create; update: Update; delete: Delete };
}

/** The commands of a field item kind. */
export type FieldItemCommand<Fields, Create extends string, Update extends string, Delete extends string> =
  | ({ type: Create } & WithFields<Fields>)
  | ({ type: Update } & WithFields<Fields>)
  | ({ type: Delete } & ById);

/**
 * The aggregate of a field item kind: creating twice is nothing; updating or deleting an item that is not live is
 * a 404; an update with the same fields is nothing. Events carry the item's id, its fields and the time.
 */
export function fieldItemDecider<
  Fields,
  Event extends { type: string; data: { id: string; at: string } },
  Create extends string,
  Update extends string,
  Delete extends string,
>(
  kind: FieldItemKind<Fields, Create, Update, Delete> & {
    events: { created: Event['type']; updated: Event['type']; deleted: Event['type'] };
  },
): Decider<FieldItemState<Fields>, FieldItemCommand<Fields, Create, Update, Delete>, Event> {
  const { commands, events } = kind;
  const pick = (data: Fields): Fields => pickFields(data, kind.keys);
  const missing = (id: string) => new NotFound(`No ${kind.noun} with id ${id}`);
  // The kind names its events; Event is the union of exactly those three (the caller's type says so).
  const event = (type: string, data: Data<Fields> | { id: string; at: string }) => ({ type, data }) as Event;
  return {
    initialState: () => ({ status: 'none' }),
    decide(command, state) {
      const at = command.at.toISOString();
      if (command.type === commands.create) {
        if (state.status !== 'none') return []; // the same creation twice changes nothing
        const { fields } = command as WithFields<Fields>;
        return [event(events.created, { id: command.id, ...fields, at })];
      }
      if (state.status !== 'live') throw missing(command.id);
      if (command.type === commands.delete) return [event(events.deleted, { id: command.id, at })];
      const { fields } = command as WithFields<Fields>;
      if (kind.keys.every((k) => fields[k] === state.fields[k])) return [];
      return [event(events.updated, { id: command.id, ...fields, at })];
    },
    evolve(state, { type, data }) {
      if (type === events.created) return { status: 'live', fields: pick(data as Data<Fields>) };
      if (type === events.updated)
        return state.status === 'live' ? { status: 'live', fields: pick(data as Data<Fields>) } : state;
      if (type === events.deleted) return { status: 'deleted' };
      return state;
    },
  };
}
