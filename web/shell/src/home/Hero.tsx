import { useState } from 'react';
import { Apple, Globe, Images, Smartphone, ArrowRight } from 'lucide-react';
import { BUTTON_CLASS } from '../lib/button-class';
import { useShowAppGallery } from '../lib/queries';
import { useSiteActions } from '../components/site-actions';
import { lazyDialog } from '../lib/lazy';

const AppGalleryDialog = lazyDialog(
  () => import('./AppGalleryDialog').then((m) => m.AppGalleryDialog),
  (p: { open: boolean }) => p.open,
);

const PLATFORMS = [
  { label: 'iOS', Icon: Apple },
  { label: 'Android', Icon: Smartphone },
  { label: 'Web', Icon: Globe },
];

export function Hero() {
  const showGallery = useShowAppGallery();
  const [galleryOpen, setGalleryOpen] = useState(false);
  const { goToSection } = useSiteActions();

  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-night text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(4,120,87,0.55),transparent_60%),radial-gradient(ellipse_at_bottom_left,rgba(251,191,36,0.18),transparent_55%)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 bottom-0 h-24 bg-[repeating-linear-gradient(90deg,rgba(255,255,255,0.03)_0_60px,transparent_60px_120px)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 md:py-28 lg:grid-cols-2">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-sm font-medium text-accent">
            Your club. Your app. Live in 2-3 weeks.
          </p>
          <h1
            id="hero-heading"
            className="text-4xl font-extrabold leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl"
          >
            Bring every supporter <span className="text-accent">closer to the club</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300">
            12Yards gives football clubs and influencers their own branded fan app: polls, points, auctions,
            quizzes, AI predictions and stadium rewards in one place, with no setup or ongoing costs and a
            share of every pound it earns.
          </p>
          <ul className="mt-8 flex flex-wrap gap-3" aria-label="Available on">
            {PLATFORMS.map(({ label, Icon }) => (
              <li
                key={label}
                className="inline-flex items-center gap-2 rounded-lg border border-white/15 bg-white/10 px-4 py-2 text-sm font-semibold"
              >
                <Icon className="size-4 text-accent" aria-hidden="true" />
                {label}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button type="button" className={BUTTON_CLASS.accentLg} onClick={() => goToSection('partners')}>
              Become a Partner <ArrowRight aria-hidden="true" />
            </button>
            <button
              type="button"
              className={BUTTON_CLASS.heroOutlineLg}
              onClick={() => goToSection('how-it-works')}
            >
              See How it Works
            </button>
            {showGallery && (
              <button
                type="button"
                className={BUTTON_CLASS.heroOutlineLg}
                onClick={() => setGalleryOpen(true)}
              >
                <Images aria-hidden="true" /> App Gallery
              </button>
            )}
          </div>
        </div>

        <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-sm lg:block">
          <div className="rounded-[2.5rem] border-8 border-slate-800 bg-slate-900 p-4 shadow-2xl">
            <div className="rounded-2xl bg-gradient-to-br from-primary to-emerald-900 p-5">
              <p className="text-xs uppercase tracking-widest text-emerald-100">Matchday poll</p>
              <p className="mt-2 text-lg font-bold">Who is your player of the match?</p>
              {[
                ['No. 9', 62],
                ['No. 10', 27],
                ['No. 1', 11],
              ].map(([name, pct]) => (
                <div key={name} className="mt-3">
                  <div className="flex justify-between text-sm">
                    <span>{name}</span>
                    <span>{pct}%</span>
                  </div>
                  <div className="mt-1 h-2 rounded-full bg-white/20">
                    <div className="h-2 rounded-full bg-accent" style={{ width: `${pct}%` }} />
                  </div>
                </div>
              ))}
            </div>
            <div className="mt-4 grid grid-cols-2 gap-3 text-sm">
              <div className="rounded-xl bg-white/5 p-3">
                <p className="text-slate-400">Your points</p>
                <p className="text-xl font-bold text-accent">2,450</p>
              </div>
              <div className="rounded-xl bg-white/5 p-3">
                <p className="text-slate-400">Live auction</p>
                <p className="text-xl font-bold">Signed shirt</p>
              </div>
            </div>
          </div>
        </div>
      </div>
      {showGallery && <AppGalleryDialog open={galleryOpen} onOpenChange={setGalleryOpen} />}
    </section>
  );
}
