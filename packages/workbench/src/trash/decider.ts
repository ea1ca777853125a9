import { type Decider, type DomainEvent, NotFound } from '@12yards/platform';

/** The commands every trashable aggregate takes besides its own. */
export type TrashCommand =
  | { type: 'MoveToTrash'; id: string; at: Date }
  | { type: 'RestoreFromTrash'; id: string; at: Date }
  | { type: 'PurgeFromTrash'; id: string; at: Date };

/** `<Prefix>Trashed` and `<Prefix>Restored` (e.g. FaqTrashed): who did it is in the event's meta, as for every event. */
export type TrashEvent<Prefix extends string> =
  | { type: `${Prefix}Trashed`; data: { id: string; at: string } }
  | { type: `${Prefix}Restored`; data: { id: string; at: string } };

/** The aggregate's own state, and whether (since when) it lies in the trash. */
export interface TrashableState<State> {
  item: State;
  trashed: { at: string } | null;
}

export interface TrashableOptions<State, Command, Prefix extends string> {
  /** The event type prefix: `NewsArticle` gives NewsArticleTrashed and NewsArticleRestored. */
  prefix: Prefix;
  /** What the item is called in a 404 ("No <noun> with id ..."): a command on an item that is not there, or not in the trash. */
  noun: string;
  /** The type of the aggregate's own command that deletes the item for good (`{ type, id, at }`); its event is the purge. */
  purge: Extract<Command, { type: string; id: string; at: Date }>['type'];
  /** Whether the item exists and is not deleted (only such an item can go to the trash); default: status 'live'. */
  isLive?(state: State): boolean;
}

const hasLiveStatus = (state: unknown) => (state as { status?: string }).status === 'live';

const TRASH_COMMANDS: ReadonlySet<string> = new Set(['MoveToTrash', 'RestoreFromTrash', 'PurgeFromTrash']);
const isTrashCommand = (command: { type: string }): command is TrashCommand =>
  TRASH_COMMANDS.has(command.type);

/**
 * The aggregate with a trash: deleting moves the item to the trash (an event), from where it is restored exactly
 * as it was (an event) or purged, which is the aggregate's own delete. A trashed item takes no other command.
 */
export function trashable<
  State,
  Command extends { type: string },
  Event extends DomainEvent,
  Prefix extends string,
>(
  decider: Decider<State, Command, Event>,
  options: TrashableOptions<State, Command, Prefix>,
): Decider<TrashableState<State>, Command | TrashCommand, Event | TrashEvent<Prefix>> {
  // TypeScript widens a template built at run time to string; these two are exactly TrashEvent<Prefix>'s types.
  const isLive = options.isLive ?? hasLiveStatus;
  const missing = (id: string) => new NotFound(`No ${options.noun} with id ${id}`);
  const trashedType = `${options.prefix}Trashed`;
  const restoredType = `${options.prefix}Restored`;
  return {
    initialState: () => ({ item: decider.initialState(), trashed: null }),
    decide(command, state) {
      if (!isTrashCommand(command)) {
        if (state.trashed) throw missing((command as { id?: string }).id ?? '');
        return decider.decide(command, state.item);
      }
      const at = command.at.toISOString();
      const { id } = command;
      switch (command.type) {
        case 'MoveToTrash':
          if (state.trashed || !isLive(state.item)) throw missing(id);
          return [{ type: trashedType, data: { id, at } } as TrashEvent<Prefix>];
        case 'RestoreFromTrash':
          if (!state.trashed) throw missing(id);
          return [{ type: restoredType, data: { id, at } } as TrashEvent<Prefix>];
        case 'PurgeFromTrash':
          if (!state.trashed) throw missing(id);
          // The purge command has exactly the shape { type, id, at } (TrashableOptions.purge names such a command).
          return decider.decide(
            { type: options.purge, id, at: command.at } as unknown as Command,
            state.item,
          );
      }
    },
    evolve(state, event) {
      if (event.type === trashedType)
        return { ...state, trashed: { at: (event as TrashEvent<Prefix>).data.at } };
      if (event.type === restoredType) return { ...state, trashed: null };
      const item = decider.evolve(state.item, event as Event);
      return { item, trashed: isLive(item) ? state.trashed : null };
    },
  };
}
