import { QueryClient, type QueryFunction } from '@tanstack/query-core';

/** The header the gateway checks on cookie-authenticated admin writes. */
export const CSRF_HEADER = 'X-CSRF-Token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** Sent as X-CSRF-Token (admin writes). */
  csrfToken?: string;
  signal?: AbortSignal;
  /** The entity version the caller last read: sent as `If-Match: "<version>"`; a stale one is answered 412. */
  version?: number;
}

/** Raises Error('STATUS: body-or-statusText') for any non-OK answer (SPEC section 8). */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/**
 * The one helper for writes (and reads outside React Query): cookies always included,
 * a JSON body with its content-type header only when there is a body.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.csrfToken) headers[CSRF_HEADER] = options.csrfToken;
  if (options.version !== undefined) headers['If-Match'] = `"${options.version}"`;
  const res = await fetch(url, {
    method,
    headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal: options.signal,
  });
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Reads: GET the query key joined as a path, with credentials, parsed as JSON. A 401 throws or yields null. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.filter((part) => part !== undefined && part !== null).join('/');
    // Revalidate (If-None-Match) rather than reuse the browser's copy: a query runs only when it was invalidated,
    // typically right after a write, and public answers may be held for a few seconds (Cache-Control max-age).
    // (`cache` is a browser option; Node's RequestInit type does not declare it.)
    const res = await fetch(url, { credentials: 'include', cache: 'no-cache', signal } as RequestInit);
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** SPEC section 7 defaults: no refetch interval, no refetch on focus, never stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
