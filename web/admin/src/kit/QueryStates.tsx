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
