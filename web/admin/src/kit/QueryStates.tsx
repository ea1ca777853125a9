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

/** A short list read from the server (a partner's contracts, its notes): its states, then a <li> a row. */
export function QueryList<T extends { id: string }>({
  query,
  texts,
  className,
  children,
}: {
  query: ListQuery & { data?: T[] };
  texts: { loading: string; errorWhat: string; empty: ReactNode };
  className?: string;
  children: (row: T) => ReactNode;
}) {
  return (
    <QueryStates
      query={query}
      loading={texts.loading}
      errorWhat={texts.errorWhat}
      isEmpty={query.data?.length === 0}
      empty={texts.empty}
    >
      {() => (
        <ul className={className}>
          {query.data!.map((row) => (
            <li key={row.id}>{children(row)}</li>
          ))}
        </ul>
      )}
    </QueryStates>
  );
}
