import { lazy, Suspense, useEffect, useState, type ComponentProps, type ComponentType } from 'react';

/** True from the first time `open` is true, so a lazily loaded dialog stays mounted to animate and keep state. */
export function useOnceTrue(open: boolean): boolean {
  const [seen, setSeen] = useState(open);
  useEffect(() => {
    if (open) setSeen(true);
  }, [open]);
  return seen || open;
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
      <Suspense fallback={null}>
        <Lazy {...(props as ComponentProps<typeof Lazy>)} />
      </Suspense>
    );
  };
}
