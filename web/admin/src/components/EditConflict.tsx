import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

interface Versioned {
  id: string;
  version?: number;
}

/** A field of an edit form the admin sees, as the conflict panel names and shows it. */
export interface ConflictField<F> {
  name: Path<F> & keyof F;
  label: string;
  /** The value as words ('Yes'/'No' for a switch by default, '(empty)' for nothing). */
  show?: (value: unknown) => string;
}

type Choice = 'mine' | 'newer';
interface Row {
  name: string;
  label: string;
  mine: unknown;
  newer: unknown;
  choice: Choice;
  show: (value: unknown) => string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

export function showValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return '(empty)';
  return String(value);
}

/**
 * The entity with this id as the server now has it: the lists cached under `listKey` (a whole list or the pages of
 * a paged one) are read again and searched. Undefined when none holds it any more.
 */
export async function readLatest<T extends Versioned>(
  client: QueryClient,
  listKey: QueryKey,
  id: string,
): Promise<T | undefined> {
  await client.refetchQueries({ queryKey: listKey });
  for (const [, data] of client.getQueriesData<unknown>({ queryKey: listKey })) {
    const rows = Array.isArray(data)
      ? data
      : ((data as { pages?: { items: unknown[] }[] } | undefined)?.pages?.flatMap((p) => p.items) ?? []);
    const found = rows.find((r) => (r as Versioned | null)?.id === id);
    if (found) return found as T;
  }
  return undefined;
}

interface EditConflictOptions<E extends Versioned, F extends FieldValues, T> {
  /** The entity as the admin opened it (null or 'new' when there is nothing to conflict with). */
  entity: E | 'new' | null;
  form: UseFormReturn<F, unknown, T>;
  /** The form's values for an entity (the same function that filled the form when the dialog opened). */
  toForm: (entity: E) => F;
  /** The fields the admin sees, in the form's order; the others follow the newer version unless the admin changed them. */
  fields: ConflictField<F>[];
  /** Where the entity is listed (read again after a 412 to learn what changed). */
  listKey: QueryKey;
  /** What the entity is called ('FAQ', 'article'). */
  what: string;
}

/**
 * An edit that keeps the admin's work when someone else saved the same entity meanwhile (a 412 on If-Match). The
 * form keeps what was typed; the entity is read again; each field the other save changed is listed with the admin's
 * value and the newer one, to keep or take (taken by default where the admin had not touched it); the next save
 * sends the newer version, so it is applied. Pass `onStale` to useAdminMutation and render `panel` inside the form.
 */
export function useEditConflict<E extends Versioned, F extends FieldValues, T = F>(
  opts: EditConflictOptions<E, F, T>,
) {
  const { entity, form, toForm, fields, listKey, what } = opts;
  const client = useQueryClient();
  const [conflict, setConflict] = useState<{ latest: E; rows: Row[] } | null>(null);
  const [openedWith, setOpenedWith] = useState(entity);
  if (openedWith !== entity) {
    setOpenedWith(entity);
    setConflict(null);
  }
  const current = entity && entity !== 'new' ? (conflict?.latest ?? entity) : null;

  const onStale = async (): Promise<boolean> => {
    if (!current) return false;
    const latest = await readLatest<E>(client, listKey, current.id);
    if (!latest) return false;
    const base = toForm(current) as Record<string, unknown>;
    const newer = toForm(latest) as Record<string, unknown>;
    const mine = form.getValues() as Record<string, unknown>;
    const take = (name: string, value: unknown) =>
      form.setValue(name as Path<F>, value as PathValue<F, Path<F>>, { shouldDirty: true });
    const rows: Row[] = [];
    for (const name of Object.keys(newer)) {
      if (same(base[name], newer[name]) || same(mine[name], newer[name])) continue;
      const untouched = same(mine[name], base[name]);
      const field = fields.find((f) => f.name === name);
      if (untouched) take(name, newer[name]);
      if (!field) continue;
      rows.push({
        name,
        label: field.label,
        mine: mine[name],
        newer: newer[name],
        choice: untouched ? 'newer' : 'mine',
        show: field.show ?? showValue,
      });
    }
    rows.sort(
      (a, b) => fields.findIndex((f) => f.name === a.name) - fields.findIndex((f) => f.name === b.name),
    );
    setConflict({ latest, rows });
    return true;
  };

  const choose = (name: string, choice: Choice) => {
    if (!conflict) return;
    const row = conflict.rows.find((r) => r.name === name)!;
    form.setValue(name as Path<F>, (choice === 'mine' ? row.mine : row.newer) as PathValue<F, Path<F>>, {
      shouldDirty: true,
    });
    setConflict({ ...conflict, rows: conflict.rows.map((r) => (r.name === name ? { ...r, choice } : r)) });
  };

  return {
    /** The entity the next save builds on: the newer one once a conflict was shown. */
    entity: current,
    /** The version the next save sends as If-Match. */
    version: current?.version,
    onStale,
    panel: conflict ? <ConflictPanel what={what} rows={conflict.rows} onChoose={choose} /> : null,
  };
}

function ConflictPanel({
  what,
  rows,
  onChoose,
}: {
  what: string;
  rows: Row[];
  onChoose: (name: string, choice: Choice) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  // A block body: Chromium's scrollIntoView returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div
      ref={ref}
      role="region"
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 gap-3 rounded-lg border border-border bg-warning p-3 text-sm text-warning-foreground"
    >
      <p id={`${id}-title`} role="alert" className="font-medium">
        {rows.length > 0
          ? `Someone else saved this ${what} while you were editing. What you typed is kept: for each field they changed, keep yours or take the newer one, then save again.`
          : `Someone else saved this ${what} while you were editing, but none of the fields here changed. What you typed is kept: save again to apply it.`}
      </p>
      {rows.length > 0 && (
        <ul className="grid gap-2">
          {rows.map((r) => (
            <li key={r.name}>
              <fieldset className="grid min-w-0 gap-1">
                <legend className="mb-1 font-medium">{r.label}</legend>
                {(['mine', 'newer'] as const).map((choice) => (
                  <label key={choice} className="flex min-w-0 items-start gap-2">
                    <input
                      type="radio"
                      name={`${id}-${r.name}`}
                      checked={r.choice === choice}
                      onChange={() => onChoose(r.name, choice)}
                      className="mt-1 accent-primary"
                    />
                    <span className="min-w-0">
                      {choice === 'mine' ? 'Keep mine: ' : 'Take the newer one: '}
                      <span className="line-clamp-3 whitespace-pre-wrap break-words" dir="auto">
                        {r.show(choice === 'mine' ? r.mine : r.newer)}
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
