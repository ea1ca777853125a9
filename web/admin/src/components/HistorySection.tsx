import { Fragment, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, History } from 'lucide-react';
import type { EntityType, HistoryEntry } from '@12yards/api';
import { Button, Collapsible, CollapsibleContent, CollapsibleTrigger, cn } from '@12yards/ui';
import { formatDateTime } from '../lib/format';
import { changeDetails, historyKey } from '../lib/history';
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
          <WhatAndWhen entry={entry} />
        </li>
      ))}
    </ol>
  );
}

/**
 * One change in plain words: the server's summary and who caused it ("Status: Pending → Partner, by
 * ContractCreated"), the values of the fields the summary only names ("Title: Launch → Launch day"), and when.
 * Values and actor are user text: each is isolated (bdi).
 */
export function WhatAndWhen({ entry }: { entry: HistoryEntry }) {
  const details = changeDetails(entry);
  return (
    <>
      <p className="break-words font-medium">
        <bdi>{entry.summary}</bdi>, by <bdi>{entry.actor}</bdi>
      </p>
      {details.length > 0 && (
        <p className="break-words text-muted-foreground">
          {details.map(({ label, from, to }, i) => (
            <Fragment key={label}>
              {i > 0 && '; '}
              {label}: <bdi>{from}</bdi> → <bdi>{to}</bdi>
            </Fragment>
          ))}
        </p>
      )}
      <time dateTime={entry.at} className="text-xs text-muted-foreground">
        {formatDateTime(entry.at)}
      </time>
    </>
  );
}
