import { useState } from 'react';
import { lazyDialog } from '../lib/lazy';
import type { ShowcasePartner } from './showcase-partner';

const ShowcaseDialog = lazyDialog(
  () => import('./ShowcaseDialog').then((m) => m.ShowcaseDialog),
  (p: { partner: ShowcasePartner | null }) => p.partner !== null,
);

/** Placeholder partners until the real logos and figures are supplied (websites use the reserved .example domain). */
export const SHOWCASE: ShowcasePartner[] = [
  {
    name: 'Riverside Athletic FC',
    initials: 'RA',
    type: 'Football Club',
    location: 'Manchester, UK',
    since: '2023/2024',
    figure: '16,000+ followers',
    overview:
      'A community club that moved its matchday polls, player awards and supporter news into its own 12Yards app.',
    achievements: [
      'Player of the Month voted in the app every month',
      'Points auctions for signed match shirts',
    ],
    website: 'https://riverside-athletic.example',
    colour: 'bg-sky-700',
  },
  {
    name: 'Terrace Talk',
    initials: 'TT',
    type: 'Fan Community',
    location: 'London, UK',
    since: '2023/2024',
    figure: '65,000+ followers',
    overview:
      'One of the busiest supporter communities online, now with predictions, quizzes and rewards of its own.',
    achievements: ['Charity quiz league between rival fan groups'],
    website: 'https://terrace-talk.example',
    colour: 'bg-rose-700',
  },
  {
    name: 'Twelfth Man Movement',
    initials: '12',
    type: 'Fan Movement',
    location: 'Liverpool, UK',
    since: '2024',
    figure: 'Target of 100k members',
    overview:
      'A grassroots movement giving supporters a louder voice, using polls and sentiment insights to show what fans want.',
    website: 'https://twelfth-man.example',
    colour: 'bg-emerald-700',
  },
  {
    name: 'Full Time Media',
    initials: 'FT',
    type: 'Media Platform',
    location: 'Birmingham, UK',
    since: '2024',
    figure: '16,000+ followers',
    overview:
      'A football media channel that turned its audience into an engaged community with games and AI score predictions.',
    achievements: ['AI predictions with a donation for every correct score'],
    website: 'https://full-time-media.example',
    colour: 'bg-violet-700',
  },
];

export function PartnerShowcase() {
  const [open, setOpen] = useState<ShowcasePartner | null>(null);
  return (
    <section aria-labelledby="showcase-heading" className="border-t border-border bg-background py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2
          id="showcase-heading"
          className="text-center text-sm font-bold uppercase tracking-widest text-muted-foreground"
        >
          Trusted by clubs, communities and creators
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4">
          {SHOWCASE.map((p) => (
            <li key={p.name}>
              <button
                type="button"
                onClick={() => setOpen(p)}
                className="flex w-full cursor-pointer flex-col items-center gap-3 rounded-xl border border-border p-5 transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`${p.name}: ${p.type}. Show details`}
              >
                <span
                  aria-hidden="true"
                  className={`grid size-16 place-items-center rounded-full text-xl font-black text-white ${p.colour}`}
                >
                  {p.initials}
                </span>
                <span className="text-center text-sm font-semibold">{p.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>

      <ShowcaseDialog partner={open} onClose={() => setOpen(null)} />
    </section>
  );
}
