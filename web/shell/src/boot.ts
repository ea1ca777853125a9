// The page's entry: its stylesheet, and the app (React, the router, the page code) fetched once the server-rendered
// page has painted, so those downloads never compete with the HTML for the first paint on a slow connection.
// (A page the server did not render, the admin panel, starts the same way: its first paint is the app's.)
// The home page starts its app only when a visitor acts on it (lib/start-on-intent): until then the load runs no
// more script than this.
import './index.css';
import { readConsent } from './lib/consent';
import { startOnIntent } from './lib/start-on-intent';

/** Server-rendered pages that wait for a visitor before starting the app. */
const STARTED_ON_INTENT = new Set(['/']);

const start = () => import('./main');
const root = document.getElementById('root');
if (!root?.firstChild) void start();
else {
  // The server renders the cookie banner for every visitor: one who already chose does not see it, app or not (the
  // app removes it once it runs).
  if (readConsent() !== null) document.querySelector<HTMLDialogElement>('dialog#cookie-banner')?.close();
  // A link to a place on the page (/#contact opens the contact dialog) needs the app at once.
  if (STARTED_ON_INTENT.has(window.location.pathname) && !window.location.hash)
    startOnIntent({ root, start });
  else requestAnimationFrame(() => setTimeout(() => void start(), 0));
}
