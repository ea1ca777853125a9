import { CalendarDays, Check, Megaphone, Rocket, SlidersHorizontal } from 'lucide-react';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@12yards/ui';
import { site } from '../config';
import { Section } from './Section';

const STEPS = [
  {
    Icon: SlidersHorizontal,
    title: 'Select your platform model',
    text: 'Choose Freemium or Paid Subscription. Either way there is no cost to get started and you earn a share of the revenue.',
  },
  {
    Icon: Rocket,
    title: 'Get your custom app',
    text: 'We build your branded iOS, Android and web app with your crest, colours and content. It is typically ready in 2-3 weeks.',
  },
  {
    Icon: Megaphone,
    title: 'Promote your app',
    text: 'Launch it to your supporters on matchday, on social media and in the stadium. Our onboarding team helps you plan it.',
  },
];

export const MODELS = [
  {
    name: 'Freemium',
    price: '£0 setup',
    summary: 'Free for every supporter, funded by advertising, sponsorship and gaming.',
    points: [
      'No setup costs',
      'Free to all users',
      'Revenue share',
      'Full content control',
      'Priority support',
    ],
  },
  {
    name: 'Paid Subscription',
    price: 'Minimal setup fee',
    summary: 'Supporters subscribe for premium access and the income is yours.',
    points: [
      'Minimal one-off setup fee',
      'You keep all subscription income, less bank charges',
      'Revenue share on advertising, sponsorship and gaming',
      'Full content control',
      'Dedicated onboarding support',
    ],
  },
];

export function HowItWorks() {
  return (
    <Section
      id="how-it-works"
      eyebrow="How it Works"
      title="From first call to matchday in three steps"
      intro="No developers to hire, no servers to run. We build and operate the app; you bring the club and the community."
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map(({ Icon, title, text }, i) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <div className="flex items-center gap-3">
                  <span className="grid size-10 place-items-center rounded-full bg-primary text-lg font-bold text-white">
                    {i + 1}
                  </span>
                  <Icon className="size-6 text-primary" aria-hidden="true" />
                </div>
                <CardTitle className="mt-3">{title}</CardTitle>
              </CardHeader>
              <CardContent className="text-muted-foreground">{text}</CardContent>
            </Card>
          </li>
        ))}
      </ol>

      <h3 className="mt-16 text-center text-2xl font-bold">Freemium vs Paid Subscription</h3>
      <div className="mx-auto mt-8 grid max-w-5xl gap-6 md:grid-cols-2">
        {MODELS.map((m, i) => (
          <Card key={m.name} className={i === 0 ? 'border-2 border-primary' : ''}>
            <CardHeader>
              <CardTitle className="text-2xl">{m.name}</CardTitle>
              <p className="text-lg font-semibold text-primary">{m.price}</p>
              <p className="text-muted-foreground">{m.summary}</p>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2">
                {m.points.map((p) => (
                  <li key={p} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    <span>{p}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ))}
      </div>

      <div className="mx-auto mt-16 max-w-5xl rounded-2xl bg-night p-8 text-center text-white md:p-12">
        <h3 className="text-2xl font-extrabold sm:text-3xl">New Territories, New Platforms, New Fans</h3>
        <p className="mx-auto mt-4 max-w-2xl text-slate-300">
          Reach supporters wherever they are, at home, abroad and on every device, and turn a global following
          into a community that plays, votes and spends with your club.
        </p>
        <Button asChild size="lg" variant="accent" className="mt-8">
          <a href={site.demoUrl} target="_blank" rel="noopener noreferrer">
            <CalendarDays aria-hidden="true" /> Schedule a Demo
          </a>
        </Button>
      </div>
    </Section>
  );
}
