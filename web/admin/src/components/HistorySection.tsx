import { Fragment, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, History } from 'lucide-react';
import type { EntityType, HistoryEntry } from '@12yards/api';
import { Button, Collapsible, CollapsibleContent, CollapsibleTrigger, cn } from '@12yards/ui';
import { formatDateTime } from '../lib/format';
import { describeChanges, historyKey } from '../lib/history';
import { Loading, LoadError } from './QueryState';

/**
 * The History disclosure of one entity, in an edit or details dialog (or a card): closed at first; opening it
 * reads the entity's history (oldest first) each time, so it is never an old copy. `name` tells several apart
 * for screen readers ("History of Launch day").
 */
export function HistorySection({
  entityType,
  id,
  name,
  className,
}: {
  entityType: EntityType;
  id: string;
  name?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible
      open={open}
      onOpenChange={setOpen}
      className={cn('rounded-lg border border-border', className)}
    >
      <CollapsibleTrigger asChild>
        <Button
          variant="ghost"
          aria-label={name ? `History of ${name}` : undefined}
          className="w-full justify-between [&[data-state=open]>svg:last-child]:rotate-180"
        >
          <span className="flex items-center gap-2">
            <History aria-hidden="true" />
            History
          </span>
          <ChevronDown className="transition-transform" aria-hidden="true" />
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent className="border-t border-border px-3 py-2">
        <HistoryList entityType={entityType} id={id} />
      </CollapsibleContent>
    </Collapsible>
  );
}

function HistoryList({ entityType, id }: { entityType: EntityType; id: string }) {
  const history = useQuery<HistoryEntry[]>({
    queryKey: historyKey(entityType, id),
    staleTime: 0,
  });
  if (history.isPending) return <Loading text="Loading history..." />;
  if (history.isError) {
    return <LoadError what="history" error={history.error} onRetry={() => void history.refetch()} />;
  }
  if (history.data.length === 0) return <p className="py-2 text-sm text-muted-foreground">No history yet.</p>;
  return (
    <ol className="grid gap-2" aria-label="History">
      {history.data.map((entry) => (
        <li key={entry.id} className="border-l-2 border-primary/40 pl-3 text-sm">
          <p className="font-medium">{entry.summary}</p>
          <WhatAndWhen entry={entry} />
        </li>
      ))}
    </ol>
  );
}

/**
 * Which fields changed and who did it ("Status: Pending → Partner, by ContractCreated"; "By admin" when no field
 * changed), then when: one change of the History section or the activity feed. Values and actor are isolated
 * (bdi): they are user text.
 */
export function WhatAndWhen({ entry }: { entry: HistoryEntry }) {
  const changes = describeChanges(entry);
  return (
    <>
      <p className="break-words">
        {changes.map(({ label, values }, i) => (
          <Fragment key={label}>
            {i > 0 && '; '}
            {values ? (
              <>
                {label}: <bdi>{values[0]}</bdi> → <bdi>{values[1]}</bdi>
              </>
            ) : (
              `${label} changed`
            )}
          </Fragment>
        ))}
        {changes.length ? ', by ' : 'By '}
        <bdi>{entry.actor}</bdi>
      </p>
      <time dateTime={entry.at} className="text-xs text-muted-foreground">
        {formatDateTime(entry.at)}
      </time>
    </>
  );
}
