import type { ReactNode } from 'react';
import { ListSearch } from '../components/ListSearch';
import { FilterSelect, ListToolbar, type useListFilters } from '../components/ListFilters';
import { ShowingOnly } from '../components/ShowingOnly';

export type Filters<Name extends string> = Pick<
  ReturnType<typeof useListFilters<Name>>,
  'values' | 'set' | 'setQ' | 'searchGeneration'
>;

/** A filter the list offers as a select: its label, its 'All ...' choice and its options. */
export interface SelectFilter {
  label: string;
  all: string;
  options: readonly { value: string; label: string }[];
}

/**
 * The search box and filter selects of a resource's list, as declared: `search` [label, placeholder], `selects` by
 * filter name. The text and the choices go to the server through `filters` (useListFilters).
 */
export function FilterToolbar<Name extends string>({
  label,
  filters,
  search,
  selects = {},
}: {
  label: string;
  filters: Filters<Name>;
  search: readonly [label: string, placeholder: string];
  selects?: Partial<Record<Name, SelectFilter>>;
}) {
  return (
    <ListToolbar label={label}>
      <ListSearch
        key={filters.searchGeneration}
        label={search[0]}
        placeholder={search[1]}
        onSearch={filters.setQ}
      />
      {(Object.entries(selects) as [Name, SelectFilter][]).map(([name, s]) => (
        <FilterSelect
          key={name}
          label={s.label}
          allLabel={s.all}
          value={filters.values[name]}
          options={s.options}
          onChange={(v) => filters.set(name, v)}
        />
      ))}
    </ListToolbar>
  );
}

/**
 * The filters no select shows (chosen by a dashboard link): for each one set, what the list is limited to and Show
 * all.
 */
export function ShowingOnlyNotices<Name extends string>({
  filters,
  texts,
}: {
  filters: Filters<Name>;
  texts: Partial<Record<Name, ReactNode>>;
}) {
  return (
    <>
      {(Object.entries(texts) as [Name, ReactNode][]).map(
        ([name, text]) =>
          filters.values[name] && (
            <ShowingOnly key={name} onShowAll={() => filters.set(name, '')}>
              {text}
            </ShowingOnly>
          ),
      )}
    </>
  );
}
