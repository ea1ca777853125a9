import { lazy, Suspense, useState, type ComponentType } from 'react';

/** The attribute a static part's wrapper carries: its name, for the browser to find its server-rendered HTML. */
export const STATIC_ATTR = 'data-static';

/**
 * The HTML the server rendered for the static part NAME, while the page holds it (hydrating: each section below
 * the hero is its own Suspense boundary and may hydrate after the rest of the page). A page rendered later in the
 * browser, after a navigation, has no such element and renders the part itself.
 */
function serverHtml(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const el = document.querySelector(`[${STATIC_ATTR}="${name}"]`);
  return el ? el.innerHTML : null;
}

/**
 * A part of a server-rendered page that needs no script (text, images, links, `<details>`): hydrating the page
 * keeps its HTML as the server wrote it (React adopts the wrapper and never walks, compares or re-renders what is
 * inside), and its code is not in the page's scripts. Only when the browser renders the page itself (a visitor
 * arrives from another page of the site) is the part's code fetched and rendered.
 *
 * `useReady` (a hook) says whether the server could render the part whole; a part the server rendered without
 * its data (a loading state) is rendered in the browser instead.
 */
export function staticPart(
  name: string,
  load: () => Promise<ComponentType>,
  useReady: () => boolean = () => true,
): ComponentType {
  const Part = lazy(async () => ({ default: await load() }));
  return function StaticPart() {
    const ready = useReady();
    const [html] = useState(() => (ready ? serverHtml(name) : null));
    const attrs = { [STATIC_ATTR]: name };
    if (html !== null) return <div {...attrs} dangerouslySetInnerHTML={{ __html: html }} />;
    return (
      <div {...attrs}>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </div>
    );
  };
}
