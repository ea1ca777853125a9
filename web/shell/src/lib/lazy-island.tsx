import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ComponentType } from 'react';

/** The attribute a lazy island's wrapper carries: its name, for the browser to find its server-rendered HTML. */
export const ISLAND_ATTR = 'data-island';

/** How far below (and above) the viewport an island starts loading, so it is usually hydrated when scrolled to. */
const NEAR_VIEWPORT = '300px 0px';

/** The events that say a visitor is about to use an island: its code is fetched at once. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

interface IslandState {
  /** Resolves once the island is wanted: near the viewport, about to be used, or rendered by the browser itself. */
  wanted: Promise<void>;
  want: () => void;
  hydrated: boolean;
  /** Times React rendered the part before it hydrated (the first is the page's hydration). */
  attempts: number;
  /** Elements clicked before the island hydrated: clicked again once it has. */
  pendingClicks: Element[];
}

const islands = new Map<string, IslandState>();

function islandState(name: string): IslandState {
  let state = islands.get(name);
  if (!state) {
    let want = () => {};
    const wanted = new Promise<void>((ok) => (want = ok));
    state = { wanted, want, hydrated: false, attempts: 0, pendingClicks: [] };
    islands.set(name, state);
  }
  return state;
}

const serverElement = (name: string) =>
  typeof document === 'undefined' ? null : document.querySelector(`[${ISLAND_ATTR}="${name}"]`);

/**
 * A click that lands on an island still showing the server's HTML would be lost (React drops a click on a part it
 * cannot hydrate yet): it is held, the island's code fetched, and the click made again once the island has
 * hydrated. Only a plain primary click is held; one with a modifier (a new tab) is the browser's. Installed when
 * the app starts (main.tsx), so it also holds a click on an island whose section React has not reached yet.
 */
export function holdEarlyClicks() {
  if (typeof window === 'undefined' || (holdEarlyClicks as { on?: boolean }).on) return;
  (holdEarlyClicks as { on?: boolean }).on = true;
  window.addEventListener(
    'click',
    (e) => {
      if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      if (!(e.target instanceof Element)) return;
      const el = e.target.closest(`[${ISLAND_ATTR}]`);
      const state = el && islandState(el.getAttribute(ISLAND_ATTR) ?? '');
      if (!state || state.hydrated) return;
      e.preventDefault();
      e.stopPropagation();
      state.pendingClicks.push(e.target);
      state.want();
    },
    true,
  );
}

/**
 * An interactive part of a server-rendered page that is not needed at first paint (below the fold, the footer):
 * its code is not in the page's scripts. Hydrating the page keeps its server HTML as it is (the part suspends
 * while hydrating, so React leaves it dehydrated) until it comes near the viewport or a visitor is about to use
 * it (pointer over it, a touch, focus inside); then its code is fetched and it hydrates. A click on it before that
 * is made again once it has hydrated. A page the browser renders itself (after a navigation) fetches the code at
 * once.
 */
export function lazyIsland<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Hydrated = (Part: ComponentType<P>) =>
    function IslandPart(props: P) {
      useEffect(() => {
        const state = islandState(name);
        state.hydrated = true;
        const clicks = state.pendingClicks.splice(0);
        for (const el of clicks) if (el.isConnected) (el as HTMLElement).click();
      }, []);
      return <Part {...props} />;
    };
  const Part = lazy(async () => {
    await islandState(name).wanted;
    return { default: Hydrated(await load()) };
  });
  /**
   * The part, once its code is there. React renders this once while the page hydrates; rendering it again before
   * the part hydrated means React needs it now (something it reads changed: a navigation, the site's state), so its
   * code is fetched at once, whether or not it is near the viewport.
   */
  function IslandBody(props: P) {
    const state = islandState(name);
    if (!state.hydrated && state.attempts++ > 0) state.want();
    return <Part {...(props as ComponentProps<typeof Part>)} />;
  }

  return function LazyIsland(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    // Rendered by the browser (no server HTML for it on the page): wanted at once.
    const [fromServer] = useState(() => {
      const onPage = serverElement(name) !== null;
      if (!onPage) islandState(name).want();
      return onPage;
    });

    useEffect(() => {
      const el = ref.current;
      const state = islandState(name);
      if (!fromServer || !el || state.hydrated) return;
      holdEarlyClicks();
      const want = () => state.want();
      for (const type of INTENT_EVENTS) el.addEventListener(type, want, { passive: true, once: true });
      let observer: IntersectionObserver | undefined;
      if (typeof IntersectionObserver === 'undefined') want();
      else {
        observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
          rootMargin: NEAR_VIEWPORT,
        });
        observer.observe(el);
      }
      return () => {
        observer?.disconnect();
        for (const type of INTENT_EVENTS) el.removeEventListener(type, want);
      };
    }, [fromServer]);

    const attrs = { [ISLAND_ATTR]: name };
    return (
      <div {...attrs} ref={ref}>
        <Suspense fallback={null}>
          <IslandBody {...props} />
        </Suspense>
      </div>
    );
  };
}
