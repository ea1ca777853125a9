import type { Collection } from '../ports';
import type { StoredEvent } from '../ports/event-store';

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

/**
 * Applies `<prefix>Trashed` / `<prefix>Restored` to the item's row (the revision guard makes a replay a no-op);
 * true when the event was one of them, false for any other event (the projection handles it).
 */
export async function applyTrashEvent<Row extends TrashableRow>(
  rows: Collection<Row>,
  event: StoredEvent,
  prefix: string,
): Promise<boolean> {
  const trashed = event.type === `${prefix}Trashed`;
  if (!trashed && event.type !== `${prefix}Restored`) return false;
  const { id, at } = event.data as { id: string; at: string };
  const row = await rows.get(id);
  if (!row || row.version >= event.version) return true;
  const { trashedAt: _at, trashedBy: _by, ...item } = row;
  // Restored, the row is again exactly the item's (the two trash fields are optional in TrashableRow).
  const restored = { ...item, version: event.version } as Row;
  await rows.put(
    trashed ? { ...restored, trashedAt: at, trashedBy: event.meta.actor ?? 'unknown' } : restored,
  );
  return true;
}
