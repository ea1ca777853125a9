import type { StoredEvent } from '@12yards/platform';
import type { TrashEvent } from './decider';

/** A read-model row of a trashable item: kept while in the trash, with when and by whom it was put there. */
export interface TrashableRow {
  id: string;
  version: number;
  /** Null (or absent, on rows older than the trash): not in the trash. */
  trashedAt?: string | null;
  trashedBy?: string | null;
}

/** Every read that shows items (public and admin lists) asks for this: rows not in the trash. */
export const NOT_TRASHED = { trashedAt: null } as const;

/** The row updates of `<prefix>Trashed` and `<prefix>Restored`, for a row projection's `update` (defineRowProjection). */
export type TrashUpdates<Prefix extends string, Row extends TrashableRow> = {
  [T in TrashEvent<Prefix>['type']]: (row: Row, event: StoredEvent & TrashEvent<Prefix>) => Row;
};

/**
 * Trashed: the row stays, with when and by whom; Restored: the row is again exactly the item's. The row projection
 * applies the revision guard (a replay is a no-op) and writes the event's version.
 */
export function trashUpdates<Prefix extends string, Row extends TrashableRow>(
  prefix: Prefix,
): TrashUpdates<Prefix, Row> {
  const trashed = (row: Row, event: StoredEvent & TrashEvent<Prefix>): Row => ({
    ...row,
    trashedAt: event.data.at,
    trashedBy: event.meta.actor ?? 'unknown',
  });
  // The two trash fields are optional in TrashableRow: without them the row is still a Row.
  const restored = ({ trashedAt: _at, trashedBy: _by, ...item }: Row): Row => item as Row;
  // The keys are the two members of TrashEvent<Prefix>['type'], which TypeScript cannot see in template keys.
  return { [`${prefix}Trashed`]: trashed, [`${prefix}Restored`]: restored } as TrashUpdates<Prefix, Row>;
}
