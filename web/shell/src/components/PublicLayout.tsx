import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { HydrationMark } from './HydrationMark';
import { SiteActionsProvider, useSiteActions } from './site-actions';
import { Navbar } from './Navbar';
import { Footer } from './Footer';
import { CookieBanner } from './CookieBanner';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { PageSpinner } from './PageSpinner';

import { lazyDialog } from '../lib/lazy';

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
  const { contactOpen, setContactOpen, applicationType, setApplicationType } = useSiteActions();
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
