import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Head } from './head';

/**
 * What the server and the hydrating browser must agree on. `now` is the time the page was rendered (embedded in
 * the page), so relative dates read the same on both sides; `head` collects the page's head while the server
 * renders (the browser applies it to the document instead).
 */
export interface RenderContext {
  now: number;
  head?: { current?: Head };
}

const Ctx = createContext<RenderContext | null>(null);

export function RenderContextProvider({ value, children }: { value: RenderContext; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export const useRenderContext = () => useContext(Ctx);

const noSubscribe = () => () => {};

/** False on the server and while hydrating, true from the render after hydration (and on client-only renders). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/** The time relative dates are computed from: the render time until hydrated, then the browser's clock. */
export function useNow(): Date {
  const hydrated = useHydrated();
  const ctx = useRenderContext();
  return hydrated || !ctx ? new Date() : new Date(ctx.now);
}

/** The time zone dates are shown in: UTC until hydrated (the server's view), then the visitor's own. */
export function useTimeZone(): string | undefined {
  return useHydrated() ? undefined : 'UTC';
}
