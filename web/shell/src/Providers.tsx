import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  HydrationBoundary,
  QueryClientProvider,
  type DehydratedState,
  type QueryClient,
} from '@tanstack/react-query';
import { createQueryClient } from '@12yards/api';
import { useToast } from '@12yards/ui';
import { useOnceTrue } from './lib/lazy';
import { RenderContextProvider, useHydrated, type RenderContext } from './lib/render-context';

const Toaster = lazy(() => import('./components/toaster-chunk').then((m) => ({ default: m.Toaster })));

/**
 * The single toast viewport, mounted once the page is hydrated: its code stays off the first paint's critical path.
 * On a server-rendered page (`untilToast`) it mounts with the first toast instead: a visitor who never gets one never
 * runs its code (Radix Toast and the class merger). A toast raised before it mounts is kept by the toast store and
 * shown when it does.
 */
function LateToaster({ untilToast }: { untilToast: boolean }) {
  const hydrated = useHydrated();
  const { toasts } = useToast();
  const toasted = useOnceTrue(toasts.length > 0);
  return hydrated && (toasted || !untilToast) ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * Query client (SPEC section 7 defaults) and the single toast viewport. A server-rendered page passes the data it
 * was rendered with (`state`) and its render context (`render`). (No page shows a tooltip: the tooltip provider,
 * with SPEC's 700/300 ms delays in @12yards/ui, and its positioning code are left out of every page.)
 */
export function Providers({
  children,
  client,
  state,
  render,
}: {
  children: ReactNode;
  client?: QueryClient;
  state?: DehydratedState;
  render?: RenderContext;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const [renderContext] = useState<RenderContext>(() => render ?? { now: Date.now() });
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={state}>
        <RenderContextProvider value={renderContext}>
          {children}
          <LateToaster untilToast={render !== undefined} />
        </RenderContextProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
