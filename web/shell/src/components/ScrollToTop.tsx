import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Opens every newly visited page at its top. Skipped when the location has a hash (the home page scrolls to
 * that section itself) and on back/forward, where the browser restores the earlier offset.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (hash || navigationType === 'POP') return;
    // 'instant' overrides the smooth scroll-behavior of <html>, which is meant for in-page anchors.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash, navigationType]);

  return null;
}
