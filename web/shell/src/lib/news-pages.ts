import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  nextCursorOf,
  publicNewsCategories,
  throwIfResNotOk,
  type NewsArticle,
  type Page,
} from '@12yards/api';

// The /news list, page by page: its own module, so the home page's entry chunk carries no infinite query.

/** Which articles /news lists: a category (server-side filter), and the cursor its first page starts at. */
export interface NewsFilter {
  category?: string;
  /** `/news?cursor=…`: the page a link (the no-JavaScript "Load more") pointed at. */
  from?: string;
}

/** The public category `/news?category=…` names (the filter's form without JavaScript), else undefined. */
export function newsCategoryOf(params: URLSearchParams): string | undefined {
  const category = params.get('category');
  return publicNewsCategories.some((c) => c.value === category) ? (category ?? undefined) : undefined;
}

export const newsPagesKey = (filter: NewsFilter) => ['/api/news', 'pages', filter] as const;

/** The public news API's URL of one page of `filter`, starting at `cursor` (the newest when null). */
export function newsPageUrl(filter: NewsFilter, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filter.category) params.set('category', filter.category);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/api/news?${query}` : '/api/news';
}

/** One page of a list: the body is its items, the Link header names the next page (see @12yards/api pagination). */
export async function fetchNewsPage(url: string, signal?: AbortSignal): Promise<Page<NewsArticle>> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return { items: (await res.json()) as NewsArticle[], nextCursor: nextCursorOf(res.headers.get('link')) };
}

/** The /news list, one page of 20 at a time (TanStack useInfiniteQuery over the Link header's cursor). */
export const newsPagesOptions = (
  filter: NewsFilter,
  fetchPage: (url: string, signal?: AbortSignal) => Promise<Page<NewsArticle>> = fetchNewsPage,
) => ({
  queryKey: newsPagesKey(filter),
  queryFn: ({ pageParam, signal }: { pageParam: string | null; signal?: AbortSignal }) =>
    fetchPage(newsPageUrl(filter, pageParam), signal),
  initialPageParam: (filter.from ?? null) as string | null,
  getNextPageParam: (last: Page<NewsArticle>) => last.nextCursor,
});

/** One page of the list by its API URL, kept on its own: the page after the last one shown is fetched ahead. */
export const newsPageQuery = (url: string) => ({
  queryKey: ['/api/news', 'page', url] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchNewsPage(url, signal),
  staleTime: 60_000,
});

/** The /news list; each page is read through its own query, so a page fetched ahead is appended at once. */
export function useNewsPages(filter: NewsFilter) {
  const client = useQueryClient();
  return useInfiniteQuery(newsPagesOptions(filter, (url) => client.fetchQuery(newsPageQuery(url))));
}

/**
 * Fetches the page after the last one shown ahead of "Load more" (once the page is interactive), so pressing it
 * appends that page in the same moment: a page that arrived later than half a second after the press would move
 * what is on screen (the footer below the list), a layout shift the press no longer accounts for. True while that
 * page is being fetched.
 */
export function useNextNewsPageAhead(filter: NewsFilter, cursor: string | null, enabled: boolean): boolean {
  const url = cursor ? newsPageUrl(filter, cursor) : null;
  const next = useQuery({ ...newsPageQuery(url ?? ''), enabled: enabled && url !== null });
  return url !== null && next.isLoading;
}
