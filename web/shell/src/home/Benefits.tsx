import {
  CalendarDays,
  ChartNoAxesCombined,
  Handshake,
  HeartHandshake,
  PoundSterling,
  TrendingUp,
  Users,
} from 'lucide-react';
import { Button } from '@12yards/ui';
import { site } from '../config';
import { sectionHref } from '../components/site-actions';
import { Section } from './Section';

const BENEFITS = [
  {
    Icon: PoundSterling,
    title: 'Revenue Sharing',
    text: 'Earn a share of advertising, sponsorship and gaming revenue from day one, with no setup or ongoing costs.',
  },
  {
    Icon: TrendingUp,
    title: 'Additional Revenue Streams',
    text: 'Subscriptions, auctions and partner offers open income that does not depend on ticket sales.',
  },
  {
    Icon: Users,
    title: 'Stronger Community',
    text: 'Supporters who play, vote and talk every week become the club’s most loyal advocates.',
  },
  {
    Icon: ChartNoAxesCombined,
    title: 'Better Decision Making',
    text: 'Feedback, polls and AI sentiment insights show what fans really want.',
  },
  {
    Icon: HeartHandshake,
    title: 'Dedicated Support',
    text: 'A named onboarding team helps you launch, promote and grow the app.',
  },
];

export function Benefits() {
  return (
    <Section
      id="benefits"
      eyebrow="Benefits"
      title="Good for supporters, good for the club"
      intro="12Yards pays for itself: we only earn when you do."
      tone="dark"
    >
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {BENEFITS.map(({ Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-white/10 bg-night-soft p-6">
            <Icon className="size-7 text-accent" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-slate-300">{text}</p>
          </li>
        ))}
        <li className="flex flex-col justify-between rounded-xl bg-primary p-6">
          <div>
            <Handshake className="size-7 text-white" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-semibold">Ready to get started?</h3>
            <p className="mt-2 text-emerald-50">
              See the app in action or apply today. Your app can be live in 2-3 weeks.
            </p>
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild variant="accent">
              <a href={site.demoUrl} target="_blank" rel="noopener noreferrer">
                <CalendarDays aria-hidden="true" /> Schedule a Demo
              </a>
            </Button>
            {/* A link, so the section needs no script: the page scrolls smoothly to the partners (CSS). */}
            <Button
              asChild
              variant="outline"
              className="border-white bg-transparent text-white hover:bg-white/10"
            >
              <a href={sectionHref('partners')}>Become a Partner</a>
            </Button>
          </div>
        </li>
      </ul>
    </Section>
  );
}
