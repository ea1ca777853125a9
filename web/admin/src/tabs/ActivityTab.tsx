import { useCallback } from 'react';
import { ENTITY_TYPES, type ActivityEntry } from '@12yards/api';
import { Badge, Card, CardContent, cn } from '@12yards/ui';
import { ENTITY_LABELS } from '../lib/history';
import { usePagedList } from '../lib/pages';
import { Empty, TabHeader } from '../components/QueryState';
import { QueryStates } from '../kit/QueryStates';
import { LoadMore } from '../components/LoadMore';
import { WhatAndWhen } from '../components/HistorySection';
import { ListSearch } from '../components/ListSearch';
import { FilteredEmpty, FilterSelect, ListToolbar, labelOf, useListFilters } from '../components/ListFilters';

export const ACTIVITY_KEY = ['/api/admin/activity'];

const TYPE_FILTER = ENTITY_TYPES.map((t) => ({ value: t, label: ENTITY_LABELS[t] }));

function noMatch({ entityType, actor }: { entityType?: string; actor?: string }) {
  const what = entityType ? `${labelOf(TYPE_FILTER, entityType).toLowerCase()} changes` : 'changes';
  return actor ? `No ${what} by "${actor}".` : `No ${what} yet.`;
}

/** The latest changes across every service, newest first: a feed, paged by the Link header. */
export function ActivityTab() {
  const filters = useListFilters<'entityType' | 'actor'>(ACTIVITY_KEY);
  const { set } = filters;
  const setActor = useCallback((actor: string) => set('actor', actor), [set]);
  const activity = usePagedList<ActivityEntry>(filters.key);

  return (
    <section>
      <TabHeader title="Recent activity" description="The latest changes across the site, newest first." />
      <ListToolbar label="Recent activity">
        <FilterSelect
          label="Type"
          allLabel="All Types"
          value={filters.values.entityType}
          options={TYPE_FILTER}
          onChange={(v) => set('entityType', v)}
        />
        <ListSearch
          key={filters.searchGeneration}
          label="Changed by"
          placeholder="Email or name"
          onSearch={setActor}
        />
      </ListToolbar>
      {activity.unavailable.length > 0 && (
        <p
          role="status"
          className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Some changes may be missing: the {activity.unavailable.join(', ')} service
          {activity.unavailable.length > 1 ? 's' : ''} did not answer. Their changes will show once they are
          back.
        </p>
      )}
      <QueryStates
        query={activity}
        loading="Loading activity..."
        errorWhat="activity"
        isEmpty={activity.items.length === 0}
        empty={
          filters.active ? (
            <FilteredEmpty onClear={filters.clear}>{noMatch(filters.values)}</FilteredEmpty>
          ) : (
            <Empty>No activity yet.</Empty>
          )
        }
      >
        {() => (
          <>
            <ol
              className={cn('grid gap-2', activity.isPlaceholderData && 'opacity-60')}
              aria-busy={activity.isPlaceholderData}
              aria-label="Changes"
            >
              {activity.items.map((e) => (
                <li key={`${e.service}:${e.id}`}>
                  <Card>
                    <CardContent className="grid gap-1 p-3 text-sm">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge variant="secondary">{ENTITY_LABELS[e.entityType]}</Badge>
                        <span className="font-semibold">
                          <bdi>{e.entityLabel ?? e.entityId}</bdi>
                        </span>
                      </div>
                      <WhatAndWhen entry={e} />
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ol>
            <LoadMore list={activity} />
          </>
        )}
      </QueryStates>
    </section>
  );
}
