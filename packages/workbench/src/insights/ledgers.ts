import { insightWeeks, type WeekCount } from '@12yards/api';
import type { Collection, ReadModels, StoredEvent, Where } from '@12yards/platform';

/**
 * Read models for a dashboard that answers "now" and "as it stood at the end of a past moment" from a few rows, kept
 * by a service's projection from its events (each at the time the event records, by default its `occurredAt`):
 *
 * - a counter ledger: named counters moved by events. Its current values are one row per counter; each minute that
 *   moved a counter keeps the counter's value at its end, and each move is kept with its instant, so a value at any
 *   instant is the last minute before it plus the moves of its own minute up to it.
 * - a span ledger: the states an entity was in, each from the event that began it to the one that ended it, so the
 *   entities in a state at an instant are counted with one query.
 */

/** A counter's current value and the last event that moved it (a replayed event is recognised by its position). */
interface CounterRow {
  id: string;
  value: number;
  position: number;
  minute: string;
}
/** A counter's value at the end of a minute (`YYYY-MM-DDTHH:MM`) that moved it. */
interface MinuteRow {
  id: string;
  key: string;
  minute: string;
  value: number;
}
/** One move of a counter, at the instant of its event. */
interface ChangeRow {
  id: string;
  key: string;
  minute: string;
  at: string;
  delta: number;
}

const minuteOf = (iso: string) => iso.slice(0, 16);

export interface CounterLedger {
  /** The collections it keeps (list them in the projection's `collections`, so a rebuild clears them). */
  collections: string[];
  /**
   * Moves the counter by `delta` at `at` (ISO; by default when the event was stored: pass the time the event
   * records, which a service's clock gave); an event applied again changes nothing.
   */
  add(models: ReadModels, event: StoredEvent, key: string, delta: number, at?: string): Promise<void>;
  /** The counters' current values (0 for one never moved). */
  current(models: ReadModels, keys: readonly string[]): Promise<Record<string, number>>;
  /** The counter's value at the end of the instant `at`, from the moves up to it. */
  valueAt(models: ReadModels, key: string, at: Date): Promise<number>;
  /** The counter's value just before `at` (the moves at or after it left out). */
  valueBefore(models: ReadModels, key: string, at: Date): Promise<number>;
}

/** A counter ledger in the collections `<name>_counters`, `<name>_minutes` and `<name>_changes`. */
export function counterLedger(name: string): CounterLedger {
  const names = { counters: `${name}_counters`, minutes: `${name}_minutes`, changes: `${name}_changes` };
  const counters = (m: ReadModels) => m.collection<CounterRow>(names.counters);
  const minutes = (m: ReadModels): Collection<MinuteRow> =>
    m.collection<MinuteRow>(names.minutes, { indexes: [['key', 'minute']] });
  const changes = (m: ReadModels): Collection<ChangeRow> =>
    m.collection<ChangeRow>(names.changes, { indexes: [['key', 'minute', 'at']] });

  /** The value at the end of the last minute before `minute` that moved the counter. */
  const before = async (models: ReadModels, key: string, minute: string) => {
    const [last] = await minutes(models).find({
      where: { key, minute: { $lt: minute } },
      sort: [
        { field: 'key', dir: 'desc' },
        { field: 'minute', dir: 'desc' },
      ],
      limit: 1,
    });
    return last?.value ?? 0;
  };
  /** The moves in `minute` up to and including `at` (all of them, or those strictly before it). */
  const movesIn = async (models: ReadModels, key: string, minute: string, at: string, inclusive: boolean) => {
    const rows = await changes(models).find({
      where: { key, minute, at: inclusive ? { $lte: at } : { $lt: at } },
    });
    return rows.reduce((sum, r) => sum + r.delta, 0);
  };

  return {
    collections: Object.values(names),
    async add(models, event, key, delta, at = event.occurredAt) {
      const counter = await counters(models).get(key);
      if (counter && counter.position >= event.position) return;
      const minute = minuteOf(at);
      const value = (counter?.value ?? 0) + delta;
      // Inserted: a move is written once (a replay finds it there and leaves it); an insert is cheaper than a put.
      await changes(models).insert({ id: `${event.id}|${key}`, key, minute, at, delta });
      if (!counter || minute >= counter.minute) {
        // Absolute values: written again by a replay of the same event, they come out the same.
        await minutes(models).put({ id: `${key}|${minute}`, key, minute, value });
      } else {
        // An event timed before the counter's last move (clocks of several writers): the minutes from its own on move too.
        const own = await minutes(models).get(`${key}|${minute}`);
        const start = own ? own.value : await before(models, key, minute);
        await minutes(models).put({ id: `${key}|${minute}`, key, minute, value: start + delta });
        for (const later of await minutes(models).find({ where: { key, minute: { $gt: minute } } }))
          await minutes(models).put({ ...later, value: later.value + delta });
      }
      await counters(models).put({
        id: key,
        value,
        position: event.position,
        minute: counter && counter.minute > minute ? counter.minute : minute,
      });
    },
    async current(models, keys) {
      const rows = await Promise.all(keys.map((k) => counters(models).get(k)));
      return Object.fromEntries(keys.map((k, i) => [k, rows[i]?.value ?? 0]));
    },
    async valueAt(models, key, at) {
      const iso = at.toISOString();
      const minute = minuteOf(iso);
      return (await before(models, key, minute)) + (await movesIn(models, key, minute, iso, true));
    },
    async valueBefore(models, key, at) {
      const iso = at.toISOString();
      const minute = minuteOf(iso);
      const start = await before(models, key, minute);
      // At the very start of a minute (a Monday's 00:00) none of the minute's moves comes before.
      return iso.endsWith(':00.000Z') ? start : start + (await movesIn(models, key, minute, iso, false));
    },
  };
}

/** Ends no span: the `to` of a state that still holds. */
export const OPEN_SPAN = '9999-12-31T23:59:59.999Z';

/** A state an entity was in from `from` (included) to `to` (excluded), with the fields the dashboard filters on. */
export type SpanRow<F> = F & {
  id: string;
  entity: string;
  from: string;
  to: string;
  /** The position of the event that began it (a replayed event is recognised by it). */
  position: number;
};

export interface SpanLedger<F extends object> {
  collections: string[];
  /**
   * At `at` (ISO; by default when the event was stored), ends the entity's current state and begins `state` (null:
   * the entity is in no state counted from then on). An event applied again changes nothing.
   */
  set(models: ReadModels, event: StoredEvent, entity: string, state: F | null, at?: string): Promise<void>;
  /** The entity's current state (null when none). */
  current(models: ReadModels, entity: string): Promise<SpanRow<F> | null>;
  /** The entity's first state (null when it never had one). */
  first(models: ReadModels, entity: string): Promise<SpanRow<F> | null>;
  /** How many entities were in a state matching `where` at the end of the instant `at` (null: now). */
  count(models: ReadModels, at: Date | null, where?: Where<F>): Promise<number>;
}

/** A span ledger in the collection `<name>_spans`; `indexes` are the state's fields the counts filter on. */
export function spanLedger<F extends object>(name: string, fields: (keyof F & string)[]): SpanLedger<F> {
  const collection = `${name}_spans`;
  type Row = SpanRow<F>;
  const spans = (m: ReadModels) =>
    m.collection<Row>(collection, {
      indexes: [['entity', 'to'], ['to', ...fields] as (keyof Row & string)[], ['from', 'to']],
    });
  const open = async (models: ReadModels, entity: string) =>
    (await spans(models).find({ where: { entity, to: OPEN_SPAN } as Where<Row> }))[0] ?? null;

  return {
    collections: [collection],
    current: open,
    async first(models, entity) {
      const [row] = await spans(models).find({
        where: { entity } as Where<Row>,
        sort: [{ field: 'from', dir: 'asc' }],
        limit: 1,
      });
      return row ?? null;
    },
    async set(models, event, entity, state, at = event.occurredAt) {
      const now = await open(models, entity);
      if (now && now.position >= event.position) return;
      if (now) await spans(models).put({ ...now, to: at });
      if (state)
        await spans(models).put({
          ...state,
          id: `${entity}|${event.position}`,
          entity,
          from: at,
          to: OPEN_SPAN,
          position: event.position,
        } as Row);
    },
    async count(models, at, where = {}) {
      if (!at) return spans(models).count({ ...where, to: OPEN_SPAN } as Where<Row>);
      const iso = at.toISOString();
      return spans(models).count({ ...where, from: { $lte: iso }, to: { $gt: iso } } as Where<Row>);
    },
  };
}

/**
 * The counter's moves per week for the INSIGHT_WEEKS weeks ending with the week of `at` (null: now), oldest first:
 * the last week counts up to `at`. The counter is read at each Monday and at the end, a row or two each.
 */
export async function weeklySeries(
  ledger: CounterLedger,
  models: ReadModels,
  key: string,
  at: Date | null,
  now: Date,
): Promise<WeekCount[]> {
  const weeks = insightWeeks(at ?? now);
  const [starts, end] = await Promise.all([
    Promise.all(weeks.map((w) => ledger.valueBefore(models, key, w))),
    at ? ledger.valueAt(models, key, at) : ledger.current(models, [key]).then((v) => v[key]!),
  ]);
  return weeks.map((w, i) => ({
    weekStart: w.toISOString().slice(0, 10),
    count: (i + 1 < weeks.length ? starts[i + 1]! : end) - starts[i]!,
  }));
}
