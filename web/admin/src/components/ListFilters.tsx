import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button, Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@12yards/ui';
import { Empty } from './QueryState';

/**
 * The search text and filter choices of one admin list, sent to the server as query parameters. `key` is the
 * list's query key with the chosen ones (so each choice is its own cached list and Load more continues it);
 * `clear` empties them all, the search box included (it remounts on `searchGeneration`).
 */
export function useListFilters<Name extends string>(
  listKey: QueryKey,
  /**
   * Filters the address may choose at first (a dashboard figure's link: ?tab=partners&status=Pending), each with its
   * allowed values ('any': whatever it names, an id the server checks).
   */
  fromUrl?: Partial<Record<Name, readonly string[] | 'any'>>,
) {
  const [search] = useSearchParams();
  const [values, setValues] = useState<Partial<Record<Name | 'q', string>>>(() => {
    const initial: Partial<Record<Name | 'q', string>> = {};
    for (const [name, allowed] of Object.entries(fromUrl ?? {}) as [Name, readonly string[] | 'any'][]) {
      const value = search.get(name);
      if (value && (allowed === 'any' || allowed.includes(value))) initial[name] = value;
    }
    return initial;
  });
  const [searchGeneration, setSearchGeneration] = useState(0);
  const setQ = useCallback((q: string) => setValues((v) => (v.q === q ? v : { ...v, q })), []);
  const set = useCallback((name: Name, value: string) => setValues((v) => ({ ...v, [name]: value })), []);
  const clear = useCallback(() => {
    setValues({});
    setSearchGeneration((g) => g + 1);
  }, []);
  const params = useMemo(
    () =>
      Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as Partial<Record<Name | 'q', string>>,
    [values],
  );
  const active = Object.keys(params).length > 0;
  const key = useMemo(() => (active ? [...listKey, params] : listKey), [active, listKey, params]);
  return { values: params, active, key, setQ, set, clear, searchGeneration };
}

const ALL = 'all';

/** A labelled select over one filter; '' is every row ("All ..."). */
export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value || ALL} onValueChange={(v) => onChange(v === ALL ? '' : v)}>
        <SelectTrigger id={id} className="w-full sm:w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {optionItems(options)}
        </SelectContent>
      </Select>
    </div>
  );
}

/** The row of search box and filters above a list. */
export function ListToolbar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3">
      {children}
    </div>
  );
}

/** What an empty list says when a search or filter is on, with a way back to every row. */
export function FilteredEmpty({ children, onClear }: { children: ReactNode; onClear: () => void }) {
  return (
    <Empty>
      <p>{children}</p>
      <Button variant="outline" className="mt-4" onClick={onClear}>
        Clear filters
      </Button>
    </Empty>
  );
}

/** The label of a chosen option, for the empty-state texts. */
export const labelOf = (options: readonly { value: string; label: string }[], value: string | undefined) =>
  options.find((o) => o.value === value)?.label ?? value ?? '';

/** The items of a select, one an option. */
export const optionItems = (options: readonly { value: string; label: string }[]) =>
  options.map((o) => (
    <SelectItem key={o.value} value={o.value}>
      {o.label}
    </SelectItem>
  ));
