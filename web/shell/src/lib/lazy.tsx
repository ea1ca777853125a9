import { lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { toast } from '@12yards/ui';
import { ErrorBoundary } from './error-boundary';

/** True from the first time `open` is true, so a lazily loaded dialog stays mounted to animate and keep state. */
export function useOnceTrue(open: boolean): boolean {
  const [seen, setSeen] = useState(open);
  useEffect(() => {
    if (open) setSeen(true);
  }, [open]);
  return seen || open;
}

/** A dialog that failed (most often its chunk did not download) says so instead of taking the page down. */
function reportDialogFailure() {
  // The toast's action comes with the toast viewport's code (fetched after hydration), not in the entry chunk.
  void import('../components/toaster-chunk').then(({ ToastAction }) => {
    toast({
      variant: 'destructive',
      title: 'Error',
      description: 'This could not be opened. Please reload the page and try again.',
      action: (
        <ToastAction altText="Reload the page" onClick={() => window.location.reload()}>
          Reload
        </ToastAction>
      ),
    });
  });
}

/**
 * A dialog whose code (and the Radix dialog machinery) is fetched the first time it opens, keeping it out of the
 * entry chunk of /. `isOpen` tells from the props whether it is open.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const mounted = useOnceTrue(isOpen(props));
    if (!mounted) return null;
    return (
      <ErrorBoundary fallback={null} onError={reportDialogFailure}>
        <Suspense fallback={null}>
          <Lazy {...(props as ComponentProps<typeof Lazy>)} />
        </Suspense>
      </ErrorBoundary>
    );
  };
}
