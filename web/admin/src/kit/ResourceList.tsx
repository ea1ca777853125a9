import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Button, cn } from '@12yards/ui';
import { Empty, TabHeader } from '../components/QueryState';
import { QueryStates, type ListQuery } from './QueryStates';
import { FilteredEmpty } from '../components/ListFilters';
import { LoadMore } from '../components/LoadMore';

const LAYOUT = {
  rows: 'grid gap-3',
  pairs: 'grid gap-3 md:grid-cols-2',
  tiles: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
};

export interface ResourceListProps<T extends { id: string }> {
  title: string;
  description?: string;
  /** The Add button ('Add FAQ') and what it does; `addIcon` instead of the plus. */
  add?: { label: string; onClick: () => void; icon?: ReactNode };
  /** Other buttons of the header (Refresh). */
  actions?: ReactNode;
  query: ListQuery;
  items: T[];
  /** The SPEC texts: while loading, what failed to load ('Failed to load <errorWhat>'), no rows at all. */
  texts: { loading: string; errorWhat: string; empty: ReactNode };
  /** A search or filter is on: what its empty list says, with Clear filters when `clear` is given. */
  filtered?: { active: boolean; empty: ReactNode; clear?: () => void };
  /** The search box and filters (above the list, also while it loads). */
  toolbar?: ReactNode;
  /** Lines between the toolbar and the list ('Showing only ...'). */
  notice?: ReactNode;
  /** Above the rows once there are some ('Found 3 screenshot(s)'). */
  summary?: ReactNode;
  /** 'rows': one card a line (default); 'pairs': two a line on wide screens; 'tiles': a grid of cards. */
  layout?: keyof typeof LAYOUT;
  /** One item (a ResourceCard, usually). */
  render: (item: T) => ReactNode;
  /** A paged list: its Load more. */
  paged?: Parameters<typeof LoadMore>[0]['list'];
  /** The dialogs of the tab. */
  children?: ReactNode;
}

/** The list screen of a resource: header with Add, toolbar, loading, error, empty and filtered-empty states, rows. */
export function ResourceList<T extends { id: string }>(p: ResourceListProps<T>) {
  const { query, items, texts, filtered } = p;
  const empty = filtered?.active ? (
    filtered.clear ? (
      <FilteredEmpty onClear={filtered.clear}>{filtered.empty}</FilteredEmpty>
    ) : (
      <Empty>{filtered.empty}</Empty>
    )
  ) : (
    <Empty>{texts.empty}</Empty>
  );
  return (
    <section>
      <TabHeader title={p.title} description={p.description}>
        {p.actions}
        {p.add && (
          <Button onClick={p.add.onClick}>
            {p.add.icon ?? <Plus aria-hidden="true" />}
            {p.add.label}
          </Button>
        )}
      </TabHeader>
      {p.toolbar}
      {p.notice}
      <QueryStates
        query={query}
        loading={texts.loading}
        errorWhat={texts.errorWhat}
        isEmpty={items.length === 0}
        empty={empty}
      >
        {() => (
          <>
            {p.summary}
            <ul
              className={cn(LAYOUT[p.layout ?? 'rows'], query.isPlaceholderData && 'opacity-60')}
              aria-busy={query.isPlaceholderData || undefined}
            >
              {items.map((item) => (
                <li key={item.id}>{p.render(item)}</li>
              ))}
            </ul>
            {p.paged && <LoadMore list={p.paged} />}
          </>
        )}
      </QueryStates>
      {p.children}
    </section>
  );
}
