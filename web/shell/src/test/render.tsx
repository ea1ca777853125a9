import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '@12yards/api';
import { Providers } from '../Providers';
import { App } from '../App';

type Answer =
  { status?: number; body?: unknown; headers?: Record<string, string> } | 'network-error' | 'pending';
type Handler = Answer | ((req: { url: string; method: string; body: unknown }) => Answer);

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
  init: RequestInit | undefined;
}

/**
 * Replaces global fetch. Keys are 'METHOD /path'; an unmatched call answers 404.
 * 'network-error' rejects like a dropped connection; 'pending' never settles.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: FetchCall[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body, init });
    const h = routes[`${method} ${url}`];
    const answer =
      typeof h === 'function'
        ? h({ url, method, body })
        : (h ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer === 'pending') return new Promise<Response>(() => {});
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    // jsdom has no fetch Response; this carries what apiRequest and getQueryFn read.
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: status >= 200 && status < 300 ? 'OK' : 'Internal Server Error',
      headers: new Map(
        Object.entries({ 'content-type': 'application/json', ...answer.headers }).map(([k, v]) => [
          k.toLowerCase(),
          v,
        ]),
      ),
      text: async () => text,
      json: async () => JSON.parse(text),
    } as unknown as Response;
  });
  global.fetch = fn as unknown as typeof fetch;
  return { fn, calls };
}

/** GET answers for every public read, so a page renders without noise; override per test. */
export const quietApi = (overrides: Record<string, Handler> = {}) =>
  mockFetch({
    'GET /api/news': { body: [] },
    'GET /api/faqs': { body: [] },
    'GET /api/settings/show_app_gallery': { body: { key: 'show_app_gallery', value: 'false' } },
    'GET /api/service-status': { body: [] },
    ...overrides,
  });

/** What a returning visitor has stored after choosing Reject All just now: the cookie banner stays closed. */
export function storeConsent(timestamp = new Date().toISOString()) {
  window.localStorage.setItem(
    'cookie-consent',
    JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false, timestamp }),
  );
}

function LocationProbe() {
  const loc = useLocation();
  return <output data-testid="location">{loc.pathname + loc.hash}</output>;
}

/** The whole shell at a route, with fresh query and router state. */
export function renderApp(route = '/') {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Providers client={createQueryClient()}>
        <App />
        <LocationProbe />
      </Providers>
    </MemoryRouter>,
  );
}

/** One component with the providers, at a route, with a probe of the current location. */
export function renderWithProviders(ui: ReactElement, route = '/') {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Providers client={createQueryClient()}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <LocationProbe />
      </Providers>
    </MemoryRouter>,
  );
}

export function article(n: number, extra: Record<string, unknown> = {}) {
  return {
    id: `n${n}`,
    title: `Headline ${n}`,
    excerpt: `Excerpt ${n}`,
    content: `Full story ${n}`,
    category: 'transfer-news',
    imageUrl: null,
    publishDate: '2025-01-05T12:00:00.000Z',
    featured: false,
    published: true,
    createdAt: '2025-01-05T12:00:00.000Z',
    ...extra,
  };
}
