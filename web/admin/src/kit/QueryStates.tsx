import type { ReactNode } from 'react';
import { Loading, LoadError } from '../components/QueryState';

export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  isPlaceholderData?: boolean;
}

/**
 * The states of anything read from the server, with their SPEC texts: 'Loading ...' while it comes, the error card
 * ('Failed to load <errorWhat>', Try Again) when it fails, `empty` when there is nothing, else what `children` draws.
 */
export function QueryStates({
  query,
  loading,
  errorWhat,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery;
  loading: string;
  errorWhat: string;
  /** Whether there is nothing to show (a list with no rows); a single thing read is never empty. */
  isEmpty?: boolean;
  empty?: ReactNode;
  children: () => ReactNode;
}) {
  if (query.isPending) return <Loading text={loading} />;
  if (query.isError) {
    return <LoadError what={errorWhat} error={query.error!} onRetry={() => void query.refetch()} />;
  }
  return <>{isEmpty ? empty : children()}</>;
}

/**
 * A short list read from the server (a partner's contracts, its notes, the contracts ending soon): its states, then
 * a <li> a row.
 */
export function QueryList<T extends { id: string }>({
  query,
  items,
  texts,
  className,
  itemClassName,
  labelledBy,
  children,
}: {
  query: ListQuery;
  items: T[] | undefined;
  /** What shows while it loads, what failed to load, and the words when there is nothing. */
  texts: { loading: string; errorWhat: string; empty: string };
  className?: string;
  itemClassName?: string;
  /** The id of the heading that names the list. */
  labelledBy?: string;
  children: (row: T) => ReactNode;
}) {
  return (
    <QueryStates
      query={query}
      loading={texts.loading}
      errorWhat={texts.errorWhat}
      isEmpty={items?.length === 0}
      empty={<p className="py-4 text-center text-sm text-muted-foreground">{texts.empty}</p>}
    >
      {() => (
        <ul className={className} aria-labelledby={labelledBy}>
          {items!.map((row) => (
            <li key={row.id} className={itemClassName}>
              {children(row)}
            </li>
          ))}
        </ul>
      )}
    </QueryStates>
  );
}
