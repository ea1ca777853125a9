import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { HydrationMark } from './HydrationMark';
import { SiteActionsProvider, useSiteActions, useSiteDialogs } from './site-actions';
import { Navbar } from './Navbar';
import { CookieBanner } from './CookieBanner';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { PageSpinner } from './PageSpinner';

import { lazyDialog } from '../lib/lazy';
import { lazyIsland } from '../lib/lazy-island';

// The footer is below every page's fold: it hydrates when it comes near the viewport or is about to be used.
const Footer = lazyIsland('footer', () => import('./Footer').then((m) => m.Footer));

// The two form dialogs (and with them zod, react-hook-form and the select) load the first time one is opened.
const ContactDialog = lazyDialog(
  () => import('./ContactDialog').then((m) => m.ContactDialog),
  (p: { open: boolean }) => p.open,
);
const ApplicationDialog = lazyDialog(
  () => import('./ApplicationDialog').then((m) => m.ApplicationDialog),
  (p: { type: unknown }) => p.type !== null,
);

function SiteDialogs() {
  const { setContactOpen, setApplicationType } = useSiteActions();
  const { contactOpen, applicationType } = useSiteDialogs();
  return (
    <>
      <ContactDialog open={contactOpen} onOpenChange={setContactOpen} />
      <ApplicationDialog type={applicationType} onClose={() => setApplicationType(null)} />
    </>
  );
}

export function PublicLayout() {
  return (
    <SiteActionsProvider>
      {/* First in reading and Tab order: a visitor meets the choice before the page (it shows at the bottom). */}
      <CookieBanner />
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="outline-none">
        <RouteErrorBoundary>
          {/* A page loading for the first time keeps the navigation and footer around it. */}
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
            <HydrationMark />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <SiteDialogs />
    </SiteActionsProvider>
  );
}
