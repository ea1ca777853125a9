import { useState, type ReactNode } from 'react';
import {
  HydrationBoundary,
  QueryClientProvider,
  type DehydratedState,
  type QueryClient,
} from '@tanstack/react-query';
import { createQueryClient } from '@12yards/api';
import { Toaster, TooltipProvider } from '@12yards/ui';
import { RenderContextProvider, type RenderContext } from './lib/render-context';

/**
 * Query client (SPEC section 7 defaults), tooltips (700/300 ms) and the single toast viewport. A server-rendered
 * page passes the data it was rendered with (`state`) and its render context (`render`).
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
          <TooltipProvider>
            {children}
            <Toaster />
          </TooltipProvider>
        </RenderContextProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
