import { useState } from 'react';
import { Calendar, ExternalLink, MapPin, Trophy, Users } from 'lucide-react';
import { Badge, Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@12yards/ui';

export interface ShowcasePartner {
  name: string;
  initials: string;
  type: string;
  location: string;
  since: string;
  figure: string;
  overview: string;
  achievements?: string[];
  website: string;
  colour: string;
}

/** Placeholder partners until the real logos and figures are supplied (websites use the reserved .example domain). */
export const SHOWCASE: ShowcasePartner[] = [
  {
    name: 'Riverside Athletic FC',
    initials: 'RA',
    type: 'Football Club',
    location: 'Manchester, UK',
    since: '2023/2024',
    figure: '16,000+ followers',
    overview: 'A community club that moved its matchday polls, player awards and supporter news into its own 12Yards app.',
    achievements: ['Player of the Month voted in the app every month', 'Points auctions for signed match shirts'],
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
    overview: 'One of the busiest supporter communities online, now with predictions, quizzes and rewards of its own.',
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
    overview: 'A grassroots movement giving supporters a louder voice, using polls and sentiment insights to show what fans want.',
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
    overview: 'A football media channel that turned its audience into an engaged community with games and AI score predictions.',
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
        <h2 id="showcase-heading" className="text-center text-sm font-bold uppercase tracking-widest text-muted-foreground">
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
                <span aria-hidden="true" className={`grid size-16 place-items-center rounded-full text-xl font-black text-white ${p.colour}`}>
                  {p.initials}
                </span>
                <span className="text-center text-sm font-semibold">{p.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>

      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <DialogContent>
          {open && (
            <>
              <DialogHeader>
                <div className="flex items-center gap-3">
                  <span aria-hidden="true" className={`grid size-12 place-items-center rounded-full font-black text-white ${open.colour}`}>
                    {open.initials}
                  </span>
                  <div>
                    <DialogTitle>{open.name}</DialogTitle>
                    <Badge variant="secondary" className="mt-1">{open.type}</Badge>
                  </div>
                </div>
                <DialogDescription className="sr-only">About {open.name}</DialogDescription>
              </DialogHeader>
              <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
                <div className="flex items-center gap-2">
                  <MapPin className="size-4 text-primary" aria-hidden="true" />
                  <dt className="sr-only">Location</dt>
                  <dd>{open.location}</dd>
                </div>
                <div className="flex items-center gap-2">
                  <Calendar className="size-4 text-primary" aria-hidden="true" />
                  <dt className="sr-only">Partner since</dt>
                  <dd>Since {open.since}</dd>
                </div>
                <div className="flex items-center gap-2">
                  <Users className="size-4 text-primary" aria-hidden="true" />
                  <dt className="sr-only">Audience</dt>
                  <dd>{open.figure}</dd>
                </div>
              </dl>
              <div>
                <h3 className="font-semibold">Overview</h3>
                <p className="mt-1 text-muted-foreground">{open.overview}</p>
              </div>
              {open.achievements && (
                <div>
                  <h3 className="font-semibold">Achievements</h3>
                  <ul className="mt-1 space-y-1">
                    {open.achievements.map((a) => (
                      <li key={a} className="flex items-start gap-2 text-muted-foreground">
                        <Trophy className="mt-0.5 size-4 shrink-0 text-accent-foreground" aria-hidden="true" />
                        {a}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <Button asChild>
                <a href={open.website} target="_blank" rel="noopener noreferrer">
                  Visit Website <ExternalLink aria-hidden="true" />
                </a>
              </Button>
            </>
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}
