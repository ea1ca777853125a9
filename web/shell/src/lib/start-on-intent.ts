// The home page starts its app only when a visitor acts: until then it is the server's HTML, which reads whole,
// links and all, with FAQ answers in <details>. Nothing here imports React: this runs in the page's entry script.

/** The attribute boot sets on <html> while a server-rendered page waits for a visitor to start its app. */
export const START_ATTR = 'data-start';
export const START_ON_INTENT = 'on-intent';

/** The events that say a visitor is acting on the page: a touch, a pointer over it, a key, focus, a scroll. */
const INTENT_EVENTS = [
  'pointerover',
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
] as const;

/** How far below (and above) the viewport an island starts the app, as it starts its own code (lazy-island). */
const NEAR_VIEWPORT = '300px 0px';

/**
 * The element a click acts on that the app handles: a button, or a link to a page of this site (the app navigates
 * without reloading, or smooth-scrolls to a section). Links elsewhere, to a place on this page (#main) or opening
 * a new window, and <summary>, are the browser's own and work at once.
 */
export function heldTarget(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest<HTMLElement>('button, [role="button"], a[href]');
  if (!el) return null;
  if (el instanceof HTMLAnchorElement) {
    const href = el.getAttribute('href') ?? '';
    if (href.startsWith('#') || el.hasAttribute('download')) return null;
    if (el.target && el.target !== '_self') return null;
    if (el.origin !== window.location.origin) return null;
  }
  return el;
}

interface Options {
  /** The server-rendered page's root element. */
  root: HTMLElement;
  /** Fetches and starts the app; resolves once its code runs (rejects when it could not be fetched). */
  start: () => Promise<unknown>;
}

/**
 * Waits for the first sign of a visitor acting on the page (or an island near the viewport), then starts the app.
 * A click on a button or a link the app handles before the app has hydrated the page would be lost on inert HTML:
 * it is held (its default prevented) and made again once the page is hydrated (`<html data-hydrated>`). Should
 * the app fail to load, held clicks stay lost but later ones are the browser's again (links work, as without
 * JavaScript).
 */
export function startOnIntent({ root, start }: Options) {
  const html = document.documentElement;
  html.setAttribute(START_ATTR, START_ON_INTENT);
  const held: HTMLElement[] = [];
  let started = false;
  let observer: IntersectionObserver | undefined;

  const hold = (e: MouseEvent) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    const el = heldTarget(e.target);
    if (!el || !root.contains(el)) return;
    e.preventDefault();
    e.stopPropagation();
    held.push(el);
    begin();
  };
  const release = () => window.removeEventListener('click', hold, true);

  const replayOnceHydrated = () => {
    const replay = () => {
      release();
      for (const el of held.splice(0)) if (el.isConnected) el.click();
    };
    if (html.dataset.hydrated === 'true') return replay();
    const watch = new MutationObserver(() => {
      if (html.dataset.hydrated !== 'true') return;
      watch.disconnect();
      replay();
    });
    watch.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
  };

  function begin() {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, begin, true);
    observer?.disconnect();
    html.removeAttribute(START_ATTR);
    replayOnceHydrated();
    start().catch(() => {
      release();
      held.length = 0;
    });
  }

  window.addEventListener('click', hold, true);
  for (const type of INTENT_EVENTS) window.addEventListener(type, begin, { capture: true, passive: true });
  const islands = root.querySelectorAll('[data-island]');
  if (islands.length > 0 && typeof IntersectionObserver !== 'undefined') {
    observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && begin(), {
      rootMargin: NEAR_VIEWPORT,
    });
    islands.forEach((el) => observer!.observe(el));
  }
}
