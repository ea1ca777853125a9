import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Seo } from '../components/Seo';
import { organizationJsonLd } from '../lib/structured-data';
import { scrollToSection, useSiteActions } from '../components/site-actions';
import { Hero } from '../home/Hero';
import { staticPart } from '../lib/static-island';
import { lazyIsland } from '../lib/lazy-island';
import { useFaqs } from '../lib/queries';

// Sections without a script: served as HTML, kept as they are when the page hydrates, their code fetched only when
// the browser renders the home page itself (arriving from another page).
const HowItWorks = staticPart('how-it-works', () => import('../home/HowItWorks').then((m) => m.HowItWorks));
const Benefits = staticPart('benefits', () => import('../home/Benefits').then((m) => m.Benefits));
const Features = staticPart('features', () => import('../home/Features').then((m) => m.Features));
const FaqSection = staticPart(
  'faq',
  () => import('../home/FaqSection').then((m) => m.FaqSection),
  () => useFaqs().data !== undefined,
);

// Interactive sections below the fold: their code is fetched and they hydrate when they come near the viewport or
// are about to be used (until then the server's HTML shows).
const NewsSection = lazyIsland('news', () => import('../home/NewsSection').then((m) => m.NewsSection));
const PartnersSection = lazyIsland('partners', () =>
  import('../home/PartnersSection').then((m) => m.PartnersSection),
);
const PartnerShowcase = lazyIsland('showcase', () =>
  import('../home/PartnerShowcase').then((m) => m.PartnerShowcase),
);

/**
 * A boundary per section below the hero: the browser hydrates each on its own (React hydrates a server-rendered
 * Suspense boundary as a separate unit of work), so hydrating the page is many short tasks, the hero's first.
 */
const Hydrated = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

export function HomePage() {
  const { hash } = useLocation();
  const { scrollThenOpen } = useSiteActions();
  // Arriving at /#section (a link, another page): scroll there once the page has rendered. /#contact is the
  // Contact item's address: as the item does, it scrolls to the partners section and opens the contact dialog.
  useEffect(() => {
    if (hash === '#contact') scrollThenOpen('contact');
    else if (hash) {
      // A static section rendered here (arriving from another page) comes with its chunk: wait for it, a few frames.
      let frame = 0;
      let tries = 0;
      const attempt = () => {
        if (!scrollToSection(hash.slice(1)) && ++tries < 120) frame = requestAnimationFrame(attempt);
      };
      frame = requestAnimationFrame(attempt);
      return () => cancelAnimationFrame(frame);
    }
  }, [hash, scrollThenOpen]);

  return (
    <>
      <Seo
        title="12Yards | Fan engagement apps for football clubs and influencers"
        description="Your own branded fan app on iOS, Android and the web: polls, points, auctions, charity quizzes, AI predictions and more. No setup costs, revenue sharing, live in 2-3 weeks."
        path="/"
        jsonLd={[organizationJsonLd]}
      />
      <Hero />
      <Hydrated>
        <HowItWorks />
      </Hydrated>
      <Hydrated>
        <Features />
      </Hydrated>
      <Hydrated>
        <Benefits />
      </Hydrated>
      <Hydrated>
        <NewsSection />
      </Hydrated>
      <Hydrated>
        <PartnersSection />
      </Hydrated>
      <Hydrated>
        <FaqSection />
      </Hydrated>
      <Hydrated>
        <PartnerShowcase />
      </Hydrated>
    </>
  );
}
