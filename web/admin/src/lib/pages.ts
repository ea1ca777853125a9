import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { ACTIVITY_UNAVAILABLE_HEADER, nextCursorOf, throwIfResNotOk, type Page } from '@12yards/api';

/** A page as the admin reads it; a list merged from several services names those that did not answer. */
export interface AdminPage<T> extends Page<T> {
  unavailable: string[];
}

/** One page of a list: the body is its items, the Link header names the next page (see @12yards/api pagination). */
export async function fetchPage<T>(url: string, signal?: AbortSignal): Promise<AdminPage<T>> {
  const res = await fetch(url, { credentials: 'include', cache: 'no-cache', signal });
  await throwIfResNotOk(res);
  const unavailable = (res.headers.get(ACTIVITY_UNAVAILABLE_HEADER) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    items: (await res.json()) as T[],
    nextCursor: nextCursorOf(res.headers.get('link')),
    unavailable,
  };
}

/** The URL of a page: the query key's first part is the path; its second, when there, the filters. */
export function pageUrl(queryKey: QueryKey, cursor: string | null): string {
  const [path, filters] = queryKey as [string, Record<string, string | undefined>?];
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters ?? {})) if (v) params.set(k, v);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

type Extra = {
  refetchInterval?: number;
  staleTime?: number;
  refetchOnMount?: boolean;
  refetchOnWindowFocus?: boolean;
  refetchOnReconnect?: boolean;
};

/**
 * A list read page by page (TanStack useInfiniteQuery): `fetchNextPage` loads
 * the next page when `hasNextPage`; `items` is every row loaded so far. A refetch (an invalidation after a write) reads the loaded pages again.
 * When the key changes (a new search or filter) the rows shown stay until the new answer comes (`isPlaceholderData`).
 */
export function usePagedList<T>(queryKey: QueryKey, extra: Extra = {}) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage<T>(pageUrl(queryKey, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    ...extra,
  });
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    items: pages.flatMap((p) => p.items),
    unavailable: [...new Set(pages.flatMap((p) => p.unavailable))],
  };
}
