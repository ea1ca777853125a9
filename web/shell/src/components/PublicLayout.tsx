import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { SiteActionsProvider, useSiteActions } from './site-actions';
import { Navbar } from './Navbar';
import { Footer } from './Footer';
import { CookieBanner } from './CookieBanner';

// The two form dialogs (and with them zod, react-hook-form and the select) load the first time one is opened.
const ContactDialog = lazy(() => import('./ContactDialog').then((m) => ({ default: m.ContactDialog })));
const ApplicationDialog = lazy(() => import('./ApplicationDialog').then((m) => ({ default: m.ApplicationDialog })));

/** True from the first time `open` is true: the dialog then stays mounted so it can animate and keep its state. */
function useOnceTrue(open: boolean) {
  const [seen, setSeen] = useState(open);
  useEffect(() => {
    if (open) setSeen(true);
  }, [open]);
  return seen || open;
}

function SiteDialogs() {
  const { contactOpen, setContactOpen, applicationType, setApplicationType } = useSiteActions();
  const contactMounted = useOnceTrue(contactOpen);
  const applicationMounted = useOnceTrue(applicationType !== null);
  return (
    <Suspense fallback={null}>
      {contactMounted && <ContactDialog open={contactOpen} onOpenChange={setContactOpen} />}
      {applicationMounted && <ApplicationDialog type={applicationType} onClose={() => setApplicationType(null)} />}
    </Suspense>
  );
}

export function PublicLayout() {
  return (
    <SiteActionsProvider>
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <Footer />
      <SiteDialogs />
      <CookieBanner />
    </SiteActionsProvider>
  );
}
