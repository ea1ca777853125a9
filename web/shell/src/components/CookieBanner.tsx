import { lazy, Suspense, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Cookie } from 'lucide-react';
import { BUTTON_CLASS } from '../lib/button-class';
import { useHydrated } from '../lib/render-context';
import { COOKIE_CONSENT_KEY, readConsent, type CookieConsent } from '../lib/consent';

export {
  COOKIE_CONSENT_KEY,
  CONSENT_MAX_AGE_MONTHS,
  isConsentCurrent,
  readConsent,
  type CookieConsent,
} from '../lib/consent';

export const SHOW_COOKIES_BANNER_EVENT = 'show-cookies-banner';

type Choice = Pick<CookieConsent, 'analytics' | 'marketing' | 'functional'>;

export const COOKIE_CATEGORIES: Array<{ key: keyof Choice | 'necessary'; label: string; text: string }> = [
  { key: 'necessary', label: 'Necessary', text: 'Keep the site working and secure. Always on.' },
  {
    key: 'analytics',
    label: 'Analytics',
    text: 'Help us understand how visitors use the site so we can improve it.',
  },
  {
    key: 'marketing',
    label: 'Marketing',
    text: 'Let us measure campaigns and show relevant 12Yards content elsewhere.',
  },
  {
    key: 'functional',
    label: 'Functional',
    text: 'Remember your choices, such as the forms you have started.',
  },
];

// The preference switches (and Radix's switch) load when a visitor opens them.
const CookiePreferences = lazy(() => import('./CookiePreferences'));

function store(choice: Choice) {
  const record: CookieConsent = { necessary: true, ...choice, timestamp: new Date().toISOString() };
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify(record));
  } catch {
    // Private mode or a full quota: the choice still applies for this visit.
  }
}

/** The banner's element id: index.css keeps focused elements clear of it while it is open. */
export const COOKIE_BANNER_ID = 'cookie-banner';

/** The CSS variable with the banner's height while it shows (index.css pads the page by it). */
export const COOKIE_BANNER_HEIGHT_VAR = '--cookie-banner-height';

/**
 * While the banner shows, focus is never hidden under it (WCAG 2.4.11): the page is padded at the bottom by the
 * banner's height (so its last links can scroll above it), and an element that gets focus under the banner is
 * scrolled into view above it (scroll padding; browsers do not apply it to Tab's own scrolling).
 */
function useFocusClearOf(el: HTMLElement | null) {
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(COOKIE_BANNER_HEIGHT_VAR, `${el.offsetHeight}px`);
    });
    observer.observe(el);
    const onFocus = (e: FocusEvent) => {
      const target = e.target;
      if (!(target instanceof Element) || el.contains(target)) return;
      if (target.getBoundingClientRect().bottom > el.getBoundingClientRect().top)
        target.scrollIntoView({ block: 'nearest', behavior: 'instant' });
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocus);
      root.style.removeProperty(COOKIE_BANNER_HEIGHT_VAR);
    };
  }, [el]);
}

/**
 * A non-modal `<dialog open>`, first in the page's reading and Tab order, fixed at the bottom. Its Reject All and
 * Accept All buttons submit a `method="dialog"` form: without JavaScript that closes the banner (nothing optional is
 * stored or run then anyway); with it, the choice is stored and the banner leaves.
 */
export function CookieBanner() {
  // The server cannot read the stored consent: it renders the banner (as for a first visit) and the browser hides
  // it after hydration when a current consent is stored. It is fixed at the bottom, so this moves no content.
  const hydrated = useHydrated();
  const [chosen, setVisible] = useState<boolean | null>(null);
  const visible = chosen ?? (!hydrated || readConsent() === null);
  const [view, setView] = useState<'main' | 'preferences'>('main');
  const [choice, setChoice] = useState<Choice>(() => {
    const c = readConsent();
    return {
      analytics: c?.analytics ?? false,
      marketing: c?.marketing ?? false,
      functional: c?.functional ?? false,
    };
  });
  const headingId = useId();
  const [banner, setBanner] = useState<HTMLElement | null>(null);
  useFocusClearOf(visible ? banner : null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const show = () => {
      const c = readConsent();
      if (c) setChoice({ analytics: c.analytics, marketing: c.marketing, functional: c.functional });
      setView('main');
      opener.current = document.activeElement;
      setVisible(true);
    };
    window.addEventListener(SHOW_COOKIES_BANNER_EVENT, show);
    return () => window.removeEventListener(SHOW_COOKIES_BANNER_EVENT, show);
  }, []);

  if (!visible) return null;

  const finish = (e: MouseEvent, c: Choice) => {
    e.preventDefault();
    store(c);
    setVisible(false);
    // Re-shown from the footer: focus goes back there (else it would be lost with the banner).
    if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
  };

  return (
    <dialog
      open
      id={COOKIE_BANNER_ID}
      ref={setBanner}
      aria-labelledby={headingId}
      className="fixed inset-x-0 bottom-0 top-auto z-50 m-0 h-auto w-full max-w-none border-0 bg-transparent p-0 text-foreground"
    >
      <section
        role="region"
        aria-labelledby={headingId}
        className="border-t border-border bg-background px-4 py-3 shadow-[0_-8px_30px_rgba(0,0,0,0.15)] sm:p-5"
      >
        <div className="mx-auto max-w-5xl">
          <div className="flex items-start gap-3">
            <Cookie className="mt-0.5 hidden size-6 shrink-0 text-primary sm:block" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <h2 id={headingId} className="font-semibold">
                {view === 'main' ? 'We use cookies' : 'Cookie Preferences'}
              </h2>
              <p className="mt-1 text-xs text-muted-foreground sm:text-sm">
                {view === 'main' ? (
                  <>
                    We use necessary cookies to run this site and, with your permission, analytics, marketing
                    and functional cookies. Read more in our{' '}
                    <Link className="font-medium text-primary underline" to="/privacy-policy">
                      Privacy Policy
                    </Link>
                    .
                  </>
                ) : (
                  'Choose which optional cookies we may use. You can change this at any time from Cookie Policy in the footer.'
                )}
              </p>
            </div>
          </div>

          {view === 'preferences' && (
            <Suspense fallback={null}>
              <CookiePreferences categories={COOKIE_CATEGORIES} choice={choice} onChange={setChoice} />
            </Suspense>
          )}

          <form
            method="dialog"
            className="mt-3 grid grid-cols-2 gap-2 sm:mt-4 sm:flex sm:flex-row sm:justify-end"
          >
            {view === 'main' ? (
              <>
                <button
                  type="button"
                  className={BUTTON_CLASS.ghostColSpan2}
                  onClick={() => setView('preferences')}
                >
                  Manage Preferences
                </button>
                <button
                  type="submit"
                  className={BUTTON_CLASS.outline}
                  onClick={(e) => finish(e, { analytics: false, marketing: false, functional: false })}
                >
                  Reject All
                </button>
                <button
                  type="submit"
                  className={BUTTON_CLASS.primary}
                  onClick={(e) => finish(e, { analytics: true, marketing: true, functional: true })}
                >
                  Accept All
                </button>
              </>
            ) : (
              <>
                <button type="button" className={BUTTON_CLASS.outline} onClick={() => setView('main')}>
                  Back
                </button>
                <button type="submit" className={BUTTON_CLASS.primary} onClick={(e) => finish(e, choice)}>
                  Save Preferences
                </button>
              </>
            )}
          </form>
        </div>
      </section>
    </dialog>
  );
}
