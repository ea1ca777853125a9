import type { Collection, ReadModels, StoredEvent } from '../ports';
import type { DomainEvent } from './decider';
import { defineProjection, type Projection } from './projector';

/** The stored event of type T of the union E. */
export type EventOfType<E extends DomainEvent, T extends E['type']> = StoredEvent & Extract<E, { type: T }>;

/** A read-model row kept by a RowProjection: its id, and the version of the event stream it was last written at. */
export interface VersionedRow {
  id: string;
  version: number;
}

/**
 * One row per entity, written from the entity's events; each event type is listed under what it does to the row.
 * The projection adds the event's version to each row it writes and applies the revision guard: an event at or
 * below the row's version is a replay and changes nothing.
 */
export interface RowProjectionSpec<E extends DomainEvent, Row extends VersionedRow> {
  /** The collection the rows live in (cleared by a rebuild). */
  collection: string;
  rows(models: ReadModels): Collection<Row>;
  /** The id of the row an event is about; by default the event data's `id`. */
  idOf?: (event: StoredEvent & E) => string;
  /** Writes the whole row, given the row as it was (null when there is none). */
  create?: { [T in E['type']]?: (event: EventOfType<E, T>, existing: Row | null) => Omit<Row, 'version'> };
  /** Changes an existing row; an event about a row that is not there is passed by. */
  update?: { [T in E['type']]?: (row: Row, event: EventOfType<E, T>) => Omit<Row, 'version'> };
  /** Deletes the row (deleting one that is gone is harmless). */
  remove?: readonly E['type'][];
}

type Handlers<Row, Args extends unknown[]> = Partial<Record<string, (...args: Args) => Omit<Row, 'version'>>>;

function dataId(event: StoredEvent): string {
  const data = event.data;
  if (typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'string')
    return data.id;
  throw new Error(
    `${event.type} (${event.streamId}@${event.version}) carries no id: give the projection idOf`,
  );
}

/** A projection of one collection of rows (see RowProjectionSpec); other events pass by. */
export function defineRowProjection<E extends DomainEvent, Row extends VersionedRow>(
  spec: RowProjectionSpec<E, Row>,
): Projection {
  const idOf = spec.idOf ?? dataId;
  // Each handler takes the event of its own type; the map is read by the event's type, so they match.
  const create = (spec.create ?? {}) as Handlers<Row, [StoredEvent & E, Row | null]>;
  const update = (spec.update ?? {}) as Handlers<Row, [Row, StoredEvent & E]>;
  const remove = new Set<string>(spec.remove ?? []);
  const versioned = (fields: Omit<Row, 'version'>, version: number) => ({ ...fields, version }) as Row;

  return defineProjection<E>({
    collections: [spec.collection],
    async apply(event, models) {
      const creates = create[event.type];
      const updates = update[event.type];
      if (!creates && !updates && !remove.has(event.type)) return;
      const rows = spec.rows(models);
      const id = idOf(event);
      if (remove.has(event.type)) {
        await rows.delete(id);
        return;
      }
      // A stream's first event creates its row: inserted without a read (there is none unless this is a replay, and
      // then the row, at version 1 or later, stays as it is, which is what the revision guard below would do).
      if (creates && event.version === 1) {
        await rows.insert(versioned(creates(event, null), 1));
        return;
      }
      const row = await rows.get(id);
      if (row && row.version >= event.version) return; // the revision guard: a replay is a no-op
      if (creates) await rows.put(versioned(creates(event, row), event.version));
      else if (updates && row) await rows.put(versioned(updates(row, event), event.version));
    },
  });
}
