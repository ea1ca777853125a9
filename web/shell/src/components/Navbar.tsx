import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { BUTTON_CLASS } from '../lib/button-class';
import { Logo } from './Logo';
import { sectionHref, useSiteActions, type SectionId } from './site-actions';

export const NAV_ITEMS: Array<{ label: string; section: SectionId }> = [
  { label: 'How it Works', section: 'how-it-works' },
  { label: 'Features', section: 'features' },
  { label: 'Benefits', section: 'benefits' },
  { label: 'News', section: 'news' },
  { label: 'Partners', section: 'partners' },
];

/**
 * The items are links to the home page's sections (/#features): without JavaScript they jump there. With it, a
 * click smooth-scrolls instead. The phone menu overlays the page below the sticky header (it never pushes the page
 * down), and it is closed before the scroll target is measured, so a section lands just below the header.
 */
export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { goToSection, scrollThenOpen } = useSiteActions();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  /** Closes the menu and commits that at once, so what follows measures the page as it will stay. */
  const closeMenu = () => flushSync(() => setMenuOpen(false));

  const choose = (e: MouseEvent, section: SectionId) => {
    e.preventDefault();
    closeMenu();
    goToSection(section);
  };
  const contact = (e: MouseEvent) => {
    e.preventDefault();
    closeMenu();
    scrollThenOpen('contact');
  };

  const itemClass =
    'block rounded-md px-3 py-2 text-sm font-medium text-slate-200 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent cursor-pointer';

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-night text-white shadow-sm">
      <nav
        aria-label="Main"
        className="relative mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6"
      >
        <Link
          to="/"
          aria-label="12Yards home"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
          onClick={() => {
            setMenuOpen(false);
            if (pathname === '/') window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        >
          <Logo />
        </Link>

        <ul className="hidden items-center gap-1 md:flex">
          {NAV_ITEMS.map((item) => (
            <li key={item.section}>
              <a
                href={sectionHref(item.section)}
                className={itemClass}
                onClick={(e) => choose(e, item.section)}
              >
                {item.label}
              </a>
            </li>
          ))}
          <li>
            <a href={sectionHref('contact')} className={BUTTON_CLASS.accentSmMl2} onClick={contact}>
              Contact
            </a>
          </li>
        </ul>

        <button
          ref={toggleRef}
          type="button"
          className="rounded-md p-2 text-white hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
        </button>

        {menuOpen && (
          <div
            id="mobile-menu"
            className="absolute inset-x-0 top-full border-y border-white/10 bg-night shadow-lg md:hidden"
          >
            <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
              {NAV_ITEMS.map((item) => (
                <li key={item.section}>
                  <a
                    href={sectionHref(item.section)}
                    className={`${itemClass} w-full text-left text-base`}
                    onClick={(e) => choose(e, item.section)}
                  >
                    {item.label}
                  </a>
                </li>
              ))}
              <li>
                <a
                  href={sectionHref('contact')}
                  className={`${itemClass} w-full text-left text-base`}
                  onClick={contact}
                >
                  Contact
                </a>
              </li>
            </ul>
          </div>
        )}
      </nav>
    </header>
  );
}
