import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PartnerType } from '@12yards/api';
import { SCROLL_THEN_OPEN_MS } from '../config';

export type SectionId = 'how-it-works' | 'features' | 'benefits' | 'news' | 'partners' | 'contact' | 'faq';

/** A home section's address: followed without JavaScript, it opens / at that section. */
export const sectionHref = (id: SectionId) => `/#${id}`;

export function scrollToSection(id: string) {
  const el = document.getElementById(id);
  el?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  return Boolean(el);
}

interface SiteActions {
  setContactOpen: (open: boolean) => void;
  setApplicationType: (type: PartnerType | null) => void;
  /** Smooth-scrolls to a home section (going home first when elsewhere). */
  goToSection: (id: SectionId) => void;
  /** Scrolls to the partners section, then opens the dialog after 800 ms (SPEC section 2). */
  scrollThenOpen: (dialog: 'contact' | PartnerType) => void;
}

interface SiteDialogs {
  contactOpen: boolean;
  applicationType: PartnerType | null;
}

// Two contexts: the actions never change (a part that only acts, the footer, a section still showing the server's
// HTML, is not re-rendered when a dialog opens or the page changes); which dialog is open does.
const Actions = createContext<SiteActions | null>(null);
const Dialogs = createContext<SiteDialogs | null>(null);

export function SiteActionsProvider({ children }: { children: ReactNode }) {
  const [contactOpen, setContactOpen] = useState(false);
  const [applicationType, setApplicationType] = useState<PartnerType | null>(null);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Read by the actions when called, so they stay the same functions across pages (a layout effect: it runs before
  // any page's effects, which may call them on arrival).
  const path = useRef(pathname);
  useLayoutEffect(() => {
    path.current = pathname;
  }, [pathname]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const goToSection = useCallback(
    (id: SectionId) => {
      if (path.current === '/') {
        scrollToSection(id);
        if (window.location.hash !== `#${id}`)
          window.history.replaceState(window.history.state, '', `#${id}`);
      } else {
        navigate(`/#${id}`);
      }
    },
    [navigate],
  );

  const scrollThenOpen = useCallback(
    (dialog: 'contact' | PartnerType) => {
      goToSection('partners');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (dialog === 'contact') setContactOpen(true);
        else setApplicationType(dialog);
      }, SCROLL_THEN_OPEN_MS);
    },
    [goToSection],
  );

  const actions = useMemo(
    () => ({ setContactOpen, setApplicationType, goToSection, scrollThenOpen }),
    [goToSection, scrollThenOpen],
  );
  const dialogs = useMemo(() => ({ contactOpen, applicationType }), [contactOpen, applicationType]);
  return (
    <Actions.Provider value={actions}>
      <Dialogs.Provider value={dialogs}>{children}</Dialogs.Provider>
    </Actions.Provider>
  );
}

export function useSiteActions(): SiteActions {
  const v = useContext(Actions);
  if (!v) throw new Error('useSiteActions needs SiteActionsProvider');
  return v;
}

/** Which of the site's form dialogs is open. */
export function useSiteDialogs(): SiteDialogs {
  const v = useContext(Dialogs);
  if (!v) throw new Error('useSiteDialogs needs SiteActionsProvider');
  return v;
}
