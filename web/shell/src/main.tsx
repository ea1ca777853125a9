import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { Providers } from './Providers';
import { PAGE_STATE_ID } from './lib/page-data';
import { holdEarlyClicks } from './lib/lazy-island';
import type { PageState } from './entry-server';

// A server-rendered page carries its data and render time: hydrate it. Other routes (the admin) render here.
const stateEl = document.getElementById(PAGE_STATE_ID);
const page = stateEl ? (JSON.parse(stateEl.textContent ?? '') as PageState) : null;
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <Providers state={page?.queries} render={page ? { now: page.now } : undefined}>
        <App />
      </Providers>
    </BrowserRouter>
  </StrictMode>
);
holdEarlyClicks();
// As a transition, hydration yields to the browser every few milliseconds instead of one long task.
if (page) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
