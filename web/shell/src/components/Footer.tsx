import { Link } from 'react-router';
import { Mail, MapPin, Phone } from 'lucide-react';
import { site } from '../config';
import { Logo } from './Logo';
import { sectionHref, useSiteActions, type SectionId } from './site-actions';
import { SHOW_COOKIES_BANNER_EVENT } from './CookieBanner';

const linkClass =
  'text-sm text-slate-300 transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent rounded-sm cursor-pointer text-left';

/**
 * A link to a home section (/#features): without JavaScript it jumps there; with it, ACTION runs instead (a smooth
 * scroll, a dialog).
 */
function SectionLink({ to, action, children }: { to: SectionId; action: () => void; children: string }) {
  return (
    <a
      href={sectionHref(to)}
      className={linkClass}
      onClick={(e) => {
        e.preventDefault();
        action();
      }}
    >
      {children}
    </a>
  );
}

export function Footer() {
  const { goToSection, scrollThenOpen, setContactOpen } = useSiteActions();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-night text-slate-300" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        Footer
      </h2>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo className="text-white" />
          <p className="mt-4 max-w-sm text-sm leading-relaxed">
            Branded fan-engagement apps that bring clubs and supporters closer, on iOS, Android and the web.
          </p>
          <ul className="mt-5 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <Mail className="size-4 text-accent" aria-hidden="true" />
              <a className={linkClass} href={`mailto:${site.email}`}>
                {site.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Phone className="size-4 text-accent" aria-hidden="true" />
              <a className={linkClass} href={site.phoneHref}>
                {site.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPin className="size-4 text-accent" aria-hidden="true" />
              <span>{site.location}</span>
            </li>
          </ul>
        </div>

        <nav aria-label="Platform">
          <h3 className="text-sm font-semibold uppercase tracking-wider text-white">Platform</h3>
          <ul className="mt-4 space-y-3">
            <li>
              <SectionLink to="features" action={() => goToSection('features')}>
                Features
              </SectionLink>
            </li>
            <li>
              <SectionLink to="benefits" action={() => goToSection('benefits')}>
                Benefits
              </SectionLink>
            </li>
            <li>
              <Link className={linkClass} to="/partner-console">
                Dashboard
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/partner-console">
                API Documentation
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/partner-console">
                Partner Resources
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-label="Partners">
          <h3 className="text-sm font-semibold uppercase tracking-wider text-white">Partners</h3>
          <ul className="mt-4 space-y-3">
            <li>
              <SectionLink to="partners" action={() => goToSection('partners')}>
                Become a Partner
              </SectionLink>
            </li>
            <li>
              <SectionLink to="partners" action={() => scrollThenOpen('club')}>
                For Clubs
              </SectionLink>
            </li>
            <li>
              <SectionLink to="partners" action={() => scrollThenOpen('influencer')}>
                For Influencers
              </SectionLink>
            </li>
            <li>
              <SectionLink to="contact" action={() => setContactOpen(true)}>
                Contact Us
              </SectionLink>
            </li>
          </ul>
        </nav>

        <nav aria-label="Support">
          <h3 className="text-sm font-semibold uppercase tracking-wider text-white">Support</h3>
          <ul className="mt-4 space-y-3">
            <li>
              <SectionLink to="faq" action={() => goToSection('faq')}>
                Help Centre
              </SectionLink>
            </li>
            <li>
              <Link className={linkClass} to="/status">
                Service Status
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/privacy-policy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/terms-of-service">
                Terms of Service
              </Link>
            </li>
            <li>
              <button
                type="button"
                className={linkClass}
                onClick={() => window.dispatchEvent(new Event(SHOW_COOKIES_BANNER_EVENT))}
              >
                Cookie Policy
              </button>
            </li>
          </ul>
        </nav>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 sm:flex-row sm:px-6">
          <p className="text-sm">© {year} 12Yards. All rights reserved. Prices in pounds sterling (£).</p>
          <ul className="flex gap-2" aria-label="Social media">
            {site.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`12Yards on ${s.name} (opens in a new tab)`}
                  className="grid size-9 place-items-center rounded-full border border-white/20 text-xs font-bold text-slate-200 transition-colors hover:border-accent hover:text-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
                >
                  {s.short}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
