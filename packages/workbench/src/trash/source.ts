import { TRASH_RETENTION_DAYS, type TrashEntityType, type TrashItem } from '@12yards/api';
import {
  type Collection,
  type EventMeta,
  type StoredEvent,
  type Where,
  runCommand,
  type CommandSite,
  type Decider,
  type DomainEvent,
  NotFound,
} from '@12yards/platform';
import type { TrashCommand } from './decider';
import type { TrashableRow } from './projection';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an item trashed at `trashedAt` is deleted for good by the sweep. */
export const purgeAt = (trashedAt: string) =>
  new Date(Date.parse(trashedAt) + TRASH_RETENTION_DAYS * DAY_MS).toISOString();

/** The moment before which a trashed item is due for the sweep at `now`. */
export const trashCutoff = (now: Date) =>
  new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS).toISOString();

/** One kind of trashable item of a service: its trashed rows, and its restore and purge commands. */
export interface TrashSource {
  entityType: TrashEntityType;
  /** Its items in the trash (all of them, or those trashed before `before`). */
  trashed(before?: string): Promise<TrashItem[]>;
  restore(id: string, at: Date, meta: EventMeta): Promise<void>;
  /** Deletes it for good; NotFound when it is not in the trash. */
  purge(id: string, at: Date, meta: EventMeta): Promise<void>;
}

/**
 * The trash of one kind of item: `rows` its read model (rows keep trashedAt/trashedBy), `label` the name a person
 * knows an item by, `decider` its aggregate made trashable (trashable()), `afterPurge` what else goes for good with
 * an item (a stored file).
 */
export function trashSource<Row extends TrashableRow, State, Command, Event extends DomainEvent>(
  site: CommandSite,
  entityType: TrashEntityType,
  decider: Decider<State, Command | TrashCommand, Event>,
  streamId: (id: string) => string,
  rows: Collection<Row>,
  label: (row: Row) => string,
  afterPurge?: (events: StoredEvent[], meta: EventMeta) => Promise<void>,
): TrashSource {
  const run = (command: TrashCommand, meta: EventMeta) =>
    runCommand(site, streamId(command.id), decider, command, { meta });
  return {
    entityType,
    async trashed(before) {
      // Row is generic here; trashedAt is one of TrashableRow's fields, which every Row has.
      const where = { trashedAt: before ? { $ne: null, $lt: before } : { $ne: null } } as Where<Row>;
      return (await rows.find({ where })).map((row) => ({
        entityType,
        id: row.id,
        label: label(row),
        trashedAt: row.trashedAt!,
        trashedBy: row.trashedBy ?? 'unknown',
        purgeAt: purgeAt(row.trashedAt!),
        version: row.version,
      }));
    },
    async restore(id, at, meta) {
      await run({ type: 'RestoreFromTrash', id, at }, meta);
    },
    async purge(id, at, meta) {
      const { events } = await run({ type: 'PurgeFromTrash', id, at }, meta);
      await afterPurge?.(events, meta);
    },
  };
}

/** The trash's order: newest first (by trashedAt, then id). */
export const newestTrashedFirst = (a: TrashItem, b: TrashItem) =>
  b.trashedAt.localeCompare(a.trashedAt) || b.id.localeCompare(a.id);

/** Every trashed item of the sources, newest first. */
export async function listTrash(sources: readonly TrashSource[], before?: string): Promise<TrashItem[]> {
  const items = (await Promise.all(sources.map((s) => s.trashed(before)))).flat();
  return items.sort(newestTrashedFirst);
}

/**
 * Deletes for good every item in the trash (trashed before `before`, when given); an item restored or purged by
 * someone else meanwhile is passed by. Returns how many were purged.
 */
export async function purgeTrash(
  sources: readonly TrashSource[],
  at: Date,
  meta: EventMeta,
  before?: string,
): Promise<number> {
  let purged = 0;
  for (const source of sources) {
    for (const item of await source.trashed(before)) {
      try {
        await source.purge(item.id, at, meta);
        purged++;
      } catch (err) {
        if (!(err instanceof NotFound)) throw err;
      }
    }
  }
  return purged;
}
