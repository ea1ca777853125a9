/** Everything about 12Yards that lives outside the site: one place to change a link or a number. */
export const site = {
  name: '12Yards',
  /** Canonical origin used by canonical and Open Graph tags. */
  url: 'https://12yards.com',
  tagline: 'Fan engagement apps for football clubs',
  /** The external demo-scheduling page (opens in a new tab). */
  demoUrl: 'https://calendly.com/12yards/demo',
  email: 'hello@12yards.com',
  /** UK number in Ofcom's range reserved for drama, to be replaced by the real line before launch. */
  phone: '+44 20 7946 0123',
  phoneHref: 'tel:+442079460123',
  location: 'London, UK',
  social: [
    { name: 'X (Twitter)', short: 'X', href: 'https://x.com/12yards' },
    { name: 'Instagram', short: 'IG', href: 'https://www.instagram.com/12yards' },
    { name: 'LinkedIn', short: 'in', href: 'https://www.linkedin.com/company/12yards' },
    { name: 'TikTok', short: 'TT', href: 'https://www.tiktok.com/@12yards' },
  ],
} as const;

/** SPEC section 9. */
export const SCROLL_THEN_OPEN_MS = 800;
export const PARTNER_CONSOLE_WAIT_MS = 1000;
export const HOME_NEWS_COUNT = 3;
