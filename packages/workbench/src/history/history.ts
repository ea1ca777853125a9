import { isDeepStrictEqual } from 'node:util';
import type { EventMeta, StoredEvent, DomainEvent } from '@12yards/platform';

/** What a person sees of an entity at one point of its stream: field name -> value. */
export type Fields = Record<string, unknown>;
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** One event of an entity's stream in words (the `historyEntry` of packages/api/src/workbench.ts). */
export interface HistoryEntry {
  id: string;
  at: string;
  actor: string;
  type: string;
  summary: string;
  changes: Changes;
}

/** What the default summary says about a field that changed (beyond "<Field> changed"). */
export interface SummaryWords {
  /** Fields whose change reads "<Field>: <from> → <to>" (default: status). */
  statusFields?: readonly string[];
  /** Boolean fields whose change reads as one word: [when it becomes true, when it becomes false]. */
  flags?: Readonly<Record<string, readonly [string, string]>>;
  /** The words a person sees for a status field's values (its badges' words: unread -> "Unread"). */
  values?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/**
 * An entity type a service keeps history for. Its view is a pure fold of the stream's events into the fields a
 * person sees; each history entry is the diff of that view before and after one event. A decider's state holds
 * what its decide needs (a contact's state has no subject), so the view is its own fold of the same events: by
 * default the events' data merged in, less `omit` (ids, times and bookkeeping such as previousStatus).
 */
export interface EntityHistory<E extends DomainEvent = DomainEvent> extends SummaryWords {
  entityType: string;
  /** The entity's stream is `${streamPrefix}${id}`. */
  streamPrefix: string;
  /** Keys of the events' data that are not fields a person sees (besides `id` and `at`). */
  omit?: readonly string[];
  /** The fields after one more event; default: mergeEventData(fields, event, omit). */
  evolve?(fields: Fields, event: E): Fields;
  /** A name a person recognises the entity by (title, company name...), from its current fields. */
  label(fields: Fields, id: string): string | null;
  /** Overrides the default summary of one event (return undefined to keep it). */
  summary?(event: E, changes: Changes, fallback: string): string | undefined;
}

/** Types an entity's events once, here (as defineProjection does), instead of a cast in every declaration. */
export function defineEntityHistory<E extends DomainEvent>(entity: EntityHistory<E>): EntityHistory {
  // The store keeps events untyped; an entity's stream holds only the events its decider produced, which E lists.
  return entity as unknown as EntityHistory;
}

/** A field's value as a label: a non-empty string, else null. */
export const labelText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

const ALWAYS_OMITTED = ['id', 'at'];

/** The fields with the event's data merged in, less the omitted keys. */
export function mergeEventData(fields: Fields, event: DomainEvent, omit: readonly string[] = []): Fields {
  const data = event.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return fields;
  const next = { ...fields };
  for (const [key, value] of Object.entries(data)) {
    if (!ALWAYS_OMITTED.includes(key) && !omit.includes(key)) next[key] = value;
  }
  return next;
}

/** Fields whose value differs (deep equality; an absent field counts as null), in the order they appear. */
export function diffFields(before: Fields, after: Fields): Changes {
  const changes: Changes = {};
  for (const key of new Set([...Object.keys(after), ...Object.keys(before)])) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (!isDeepStrictEqual(from, to)) changes[key] = { from, to };
  }
  return changes;
}

/**
 * Who caused an event: the admin, visitor or process (system, scheduler) of meta.actor, else "system". A reaction
 * to another service's event is the system's doing; what caused it (causationType) is for its summary to say in
 * words ("Became a partner when a contract was created"), never shown as a name.
 */
export function actorOf(meta: EventMeta | undefined): string {
  if (typeof meta?.actor === 'string' && meta.actor) return meta.actor;
  return 'system';
}

/** Event types whose last word says it all, whatever changed. */
const LIFECYCLE: readonly [string, string][] = [
  ['Trashed', 'Moved to trash'],
  ['Restored', 'Restored from trash'],
  ['Deleted', 'Deleted'],
  ['Removed', 'Deleted'],
  ['Completed', 'Completed'],
  ['Reopened', 'Reopened'],
  ['Ended', 'Ended'],
  ['Reactivated', 'Reactivated'],
];
/** The first event of a stream: "Created", or its own word when it says more. */
const CREATION: readonly [string, string][] = [
  ['Published', 'Published'],
  ['Submitted', 'Submitted'],
  ['Received', 'Received'],
  ['Uploaded', 'Uploaded'],
  ['Added', 'Added'],
];
const DEFAULT_FLAGS: Record<string, readonly [string, string]> = { published: ['Published', 'Unpublished'] };

const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\burl\b/g, 'URL')
    .replace(/\bid\b/g, 'ID');
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const valueText = (value: unknown) =>
  value === null || value === undefined || value === '' ? 'none' : String(value);

function list(names: string[]): string {
  if (names.length <= 3)
    return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/**
 * One event in plain words: "Created", "Title changed", "Status: Pending → Partner", "Published",
 * "Moved to trash"...; an event that changed no field and has no word of its own: its type in words.
 */
export function defaultSummary(
  type: string,
  changes: Changes,
  first: boolean,
  { statusFields = ['status'], flags = {}, values = {} }: SummaryWords = {},
): string {
  const lifecycle = LIFECYCLE.find(([suffix]) => type.endsWith(suffix));
  if (lifecycle) return lifecycle[1];
  if (first) return CREATION.find(([suffix]) => type.endsWith(suffix))?.[1] ?? 'Created';
  const allFlags = { ...DEFAULT_FLAGS, ...flags };
  const phrases: string[] = [];
  const changed: string[] = [];
  for (const [field, { from, to }] of Object.entries(changes)) {
    const flag = allFlags[field];
    if (flag && typeof to === 'boolean') phrases.push(to ? flag[0] : flag[1]);
    else if (statusFields.includes(field)) {
      const word = (v: unknown) => (typeof v === 'string' && values[field]?.[v]) || valueText(v);
      phrases.push(`${capitalise(words(field))}: ${word(from)} → ${word(to)}`);
    } else changed.push(words(field));
  }
  if (changed.length > 0) phrases.push(`${list(changed)} changed`);
  if (phrases.length === 0) return capitalise(words(type));
  return phrases.map((p, i) => (i === 0 ? capitalise(p) : p.charAt(0).toLowerCase() + p.slice(1))).join('; ');
}

/** The entity's fields after each of its events, in stream order (what its history and label are read from). */
export function foldHistory(
  entity: EntityHistory,
  events: readonly StoredEvent[],
): { entries: HistoryEntry[]; fields: Fields } {
  let fields: Fields = {};
  const entries = events.map((event, i) => {
    const next = entity.evolve ? entity.evolve(fields, event) : mergeEventData(fields, event, entity.omit);
    const changes = diffFields(fields, next);
    const fallback = defaultSummary(event.type, changes, i === 0, entity);
    fields = next;
    return {
      id: event.id,
      at: event.occurredAt,
      actor: actorOf(event.meta),
      type: event.type,
      summary: entity.summary?.(event, changes, fallback) ?? fallback,
      changes,
    };
  });
  return { entries, fields };
}

/** The entity type a stream belongs to and the entity's id, or null for a stream that is no entity (the longest prefix wins). */
export function entityOfStream(
  entities: readonly EntityHistory[],
  streamId: string,
): { entity: EntityHistory; id: string } | null {
  let found: EntityHistory | null = null;
  for (const entity of entities) {
    if (streamId.startsWith(entity.streamPrefix) && streamId.length > entity.streamPrefix.length) {
      if (!found || entity.streamPrefix.length > found.streamPrefix.length) found = entity;
    }
  }
  return found ? { entity: found, id: streamId.slice(found.streamPrefix.length) } : null;
}
