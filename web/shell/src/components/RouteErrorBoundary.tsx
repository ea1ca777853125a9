import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RotateCw } from 'lucide-react';
import { BUTTON_CLASS } from '../lib/button-class';
import { ErrorBoundary } from '../lib/error-boundary';

function PageLoadError() {
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center px-4 py-20 text-center"
    >
      <h1 className="text-2xl font-bold tracking-tight">This page could not be loaded</h1>
      <p className="mt-2 text-muted-foreground">Check your connection and reload the page to try again.</p>
      <button type="button" className={BUTTON_CLASS.primaryMt6} onClick={() => window.location.reload()}>
        <RotateCw aria-hidden="true" />
        Reload page
      </button>
    </div>
  );
}

/** Keeps a failed page (e.g. a chunk that did not download) from unmounting the site; a navigation retries. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={<PageLoadError />}>
      {children}
    </ErrorBoundary>
  );
}
