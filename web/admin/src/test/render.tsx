import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createQueryClient, type SessionResponse } from '@12yards/api';
import { Toaster } from '@12yards/ui';
import { SessionContext } from '../lib/session';

export const CSRF = 'csrf-test-token';
export const session: SessionResponse = { user: { username: 'admin', role: 'admin' }, csrfToken: CSRF };

/** Renders a piece of the panel as the gate would: signed in, with a query client and the toast viewport. */
export function renderTab(
  ui: ReactElement,
  { route = '/admin12YardsDB', as = session }: { route?: string; as?: SessionResponse } = {},
) {
  const client = createQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <SessionContext.Provider value={as}>{ui}</SessionContext.Provider>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> } | (() => never);
type Handler =
  | Answer
  | ((req: {
      url: string;
      method: string;
      body: unknown;
      headers: Record<string, string>;
    }) => Answer | Promise<Answer>);

export interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Replaces fetch with a table of 'METHOD /path' -> answer (or a function of the request).
 * An answer of 'pending' never resolves (loading states); 'network' rejects like a dropped connection.
 */
export function mockApi(routes: Record<string, Handler | 'pending' | 'network'>) {
  const calls: Call[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body, headers });
    const path = url.split('?')[0];
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    if (handler === undefined) {
      return fakeResponse(
        404,
        JSON.stringify({ error: { code: 'not_found', message: url } }),
      ) as unknown as Response;
    }
    if (handler === 'pending') return new Promise<Response>(() => {});
    if (handler === 'network') throw new TypeError('Failed to fetch');
    const answer = typeof handler === 'function' ? await handler({ url, method, body, headers }) : handler;
    const { status = 200, body: resBody, headers: resHeaders } = answer as Exclude<Answer, () => never>;
    const text =
      resBody === undefined ? null : typeof resBody === 'string' ? resBody : JSON.stringify(resBody);
    return fakeResponse(status, status === 204 ? null : text, resHeaders) as unknown as Response;
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock, writes: () => calls.filter((c) => c.method !== 'GET') };
}

/** jsdom has no fetch Response: the parts apiRequest and the panel read. */
function fakeResponse(status: number, text: string | null, headers: Record<string, string> = {}) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 404 ? 'Not Found' : status >= 500 ? 'Internal Server Error' : 'OK',
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    text: async () => text ?? '',
    json: async () => JSON.parse(text ?? ''),
    blob: async () => new Blob([text ?? ''], { type: lower['content-type'] ?? 'application/octet-stream' }),
  };
}

export const failure = (status = 500) => ({ status, body: { error: { code: 'internal', message: 'boom' } } });

/** A write the panel sent, as api.writes() lists it: its method and address, with the session's CSRF token. */
export const sentWrite = (method: string, url: string, more: Record<string, unknown> = {}) =>
  expect.objectContaining({
    method,
    url,
    headers: expect.objectContaining({ 'X-CSRF-Token': CSRF }),
    ...more,
  });
