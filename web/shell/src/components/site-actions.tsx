import {
  createContext,
  useCallback,
  useContext,
  useEffect,
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
  contactOpen: boolean;
  setContactOpen: (open: boolean) => void;
  applicationType: PartnerType | null;
  setApplicationType: (type: PartnerType | null) => void;
  /** Smooth-scrolls to a home section (going home first when elsewhere). */
  goToSection: (id: SectionId) => void;
  /** Scrolls to the partners section, then opens the dialog after 800 ms (SPEC section 2). */
  scrollThenOpen: (dialog: 'contact' | PartnerType) => void;
}

const Ctx = createContext<SiteActions | null>(null);

export function SiteActionsProvider({ children }: { children: ReactNode }) {
  const [contactOpen, setContactOpen] = useState(false);
  const [applicationType, setApplicationType] = useState<PartnerType | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const goToSection = useCallback(
    (id: SectionId) => {
      if (location.pathname === '/') {
        scrollToSection(id);
        if (window.location.hash !== `#${id}`)
          window.history.replaceState(window.history.state, '', `#${id}`);
      } else {
        navigate(`/#${id}`);
      }
    },
    [location.pathname, navigate],
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

  const value = useMemo(
    () => ({ contactOpen, setContactOpen, applicationType, setApplicationType, goToSection, scrollThenOpen }),
    [contactOpen, applicationType, goToSection, scrollThenOpen],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSiteActions(): SiteActions {
  const v = useContext(Ctx);
  if (!v) throw new Error('useSiteActions needs SiteActionsProvider');
  return v;
}
