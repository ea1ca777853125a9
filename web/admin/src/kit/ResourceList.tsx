import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Button, cn } from '@12yards/ui';
import { Empty, TabHeader } from '../components/QueryState';
import { QueryStates, type ListQuery } from './QueryStates';
import { FilteredEmpty } from '../components/ListFilters';
import { LoadMore } from '../components/LoadMore';
import type { usePagedList } from '../lib/pages';
import { FilterToolbar, ShowingOnlyNotices, type Filters, type SelectFilter } from './Toolbar';

const LAYOUT = {
  rows: 'grid gap-3',
  pairs: 'grid gap-3 md:grid-cols-2',
  tiles: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
};

/**
 * A list the server searches, filters and pages (useListFilters and usePagedList): the toolbar ([label, search
 * label, placeholder] and the selects), the 'Showing only' lines of the filters no select shows, and what an empty
 * filtered list says (with Clear filters) come from it.
 */
export interface ServerList<T, Name extends string> {
  list: ReturnType<typeof usePagedList<T>>;
  filters: Filters<Name> & { active: boolean; clear: () => void };
  toolbar: readonly [label: string, search: string, placeholder: string];
  selects?: Partial<Record<Name, SelectFilter>>;
  showingOnly?: Partial<Record<Name, ReactNode>>;
  noMatch: ReactNode;
}

export interface ResourceListProps<T extends { id: string }, Name extends string = never> {
  title: string;
  description?: string;
  /** The Add button ('Add FAQ') and what it does; `addIcon` instead of the plus. */
  add?: { label: string; onClick: () => void; icon?: ReactNode };
  /** Other buttons of the header (Refresh). */
  actions?: ReactNode;
  /** A list the server searches and pages: stands for query, items, paged, filtered, toolbar and notice. */
  server?: ServerList<T, Name>;
  query?: ListQuery;
  items?: T[];
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
export function ResourceList<T extends { id: string }, Name extends string = never>(
  props: ResourceListProps<T, Name>,
) {
  const p = props.server ? { ...props, ...fromServer(props.server) } : props;
  const { texts, filtered } = p;
  const query = p.query!;
  const items = p.items!;
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

/** What a server list stands for among ResourceList's props. */
function fromServer<T extends { id: string }, Name extends string>(server: ServerList<T, Name>) {
  const { list, filters } = server;
  const [label, search, placeholder] = server.toolbar;
  return {
    query: list,
    items: list.items,
    paged: list,
    filtered: { active: filters.active, empty: server.noMatch, clear: filters.clear },
    toolbar: (
      <FilterToolbar
        label={label}
        filters={filters}
        search={[search, placeholder]}
        selects={server.selects}
      />
    ),
    notice: server.showingOnly && <ShowingOnlyNotices filters={filters} texts={server.showingOnly} />,
  };
}
