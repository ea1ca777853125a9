import { useEffect } from 'react';

/**
 * Marks `<html data-hydrated>` once the page content around it has hydrated (its effect runs when its Suspense
 * boundary commits, lazy page chunk included). Browser journeys and real-user monitoring wait for it before
 * treating a server-rendered page as interactive: a click before hydration would land on inert HTML.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
