import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { Button } from '@12yards/ui';
import { Logo } from './Logo';
import { useSiteActions, type SectionId } from './site-actions';

export const NAV_ITEMS: Array<{ label: string; section: SectionId }> = [
  { label: 'How it Works', section: 'how-it-works' },
  { label: 'Features', section: 'features' },
  { label: 'Benefits', section: 'benefits' },
  { label: 'News', section: 'news' },
  { label: 'Partners', section: 'partners' },
];

export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { goToSection, scrollThenOpen } = useSiteActions();
  const { pathname } = useLocation();

  const choose = (section: SectionId) => {
    setMenuOpen(false);
    goToSection(section);
  };
  const contact = () => {
    setMenuOpen(false);
    scrollThenOpen('contact');
  };

  const itemClass =
    'rounded-md px-3 py-2 text-sm font-medium text-slate-200 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent cursor-pointer';

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-night text-white shadow-sm">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6"
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
              <button type="button" className={itemClass} onClick={() => choose(item.section)}>
                {item.label}
              </button>
            </li>
          ))}
          <li>
            <Button variant="accent" size="sm" className="ml-2" onClick={contact}>
              Contact
            </Button>
          </li>
        </ul>

        <button
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
      </nav>

      {menuOpen && (
        <div id="mobile-menu" className="border-t border-white/10 md:hidden">
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
            {NAV_ITEMS.map((item) => (
              <li key={item.section}>
                <button
                  type="button"
                  className={`${itemClass} w-full text-left text-base`}
                  onClick={() => choose(item.section)}
                >
                  {item.label}
                </button>
              </li>
            ))}
            <li>
              <button type="button" className={`${itemClass} w-full text-left text-base`} onClick={contact}>
                Contact
              </button>
            </li>
          </ul>
        </div>
      )}
    </header>
  );
}
