import { ArrowRight, Mail, Shield, Star } from 'lucide-react';
import type { PartnerType } from '@12yards/api';
import { Button, Card, CardContent, CardFooter, CardHeader, CardTitle } from '@12yards/ui';
import { useSiteActions } from '../components/site-actions';
import { Section } from './Section';

type CardValue = PartnerType | 'contact';

const CARDS: Array<{ value: CardValue; title: string; text: string; cta: string; Icon: typeof Shield }> = [
  {
    value: 'club',
    title: 'Football Club',
    text: 'Launch your own branded app for your supporters, from grassroots to professional clubs, and share in the revenue it earns.',
    cta: 'Apply as a Club',
    Icon: Shield,
  },
  {
    value: 'influencer',
    title: 'Influencer',
    text: 'Give your football audience a home of its own, with polls, quizzes and rewards built around your channel.',
    cta: 'Apply as an Influencer',
    Icon: Star,
  },
  {
    value: 'contact',
    title: 'Get in Touch',
    text: 'A technology partner, a sponsor or just curious? Tell us what you have in mind and we will reply within 24 hours.',
    cta: 'Talk to Us',
    Icon: Mail,
  },
];

export function PartnersSection() {
  const { setApplicationType, setContactOpen } = useSiteActions();
  const choose = (value: CardValue) =>
    value === 'contact' ? setContactOpen(true) : setApplicationType(value);

  return (
    <Section
      id="partners"
      eyebrow="Partners"
      title="Become a 12Yards partner"
      intro="No setup or ongoing costs, revenue sharing from advertising, sponsorship and gaming, and dedicated onboarding support."
      tone="muted"
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {CARDS.map(({ value, title, text, cta, Icon }) => (
          <li key={value} id={value === 'contact' ? 'contact' : undefined} className="scroll-mt-20">
            {/* The whole card is the button's target: its ::after covers the card, so a click anywhere on it opens the
                dialog while the keyboard still has one tab stop (the button). */}
            <Card className="relative flex h-full flex-col transition-shadow hover:shadow-md focus-within:shadow-md">
              <CardHeader>
                <span className="grid size-12 place-items-center rounded-xl bg-primary text-white">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <CardTitle className="mt-3 text-xl">{title}</CardTitle>
              </CardHeader>
              <CardContent className="flex-1 text-muted-foreground">{text}</CardContent>
              <CardFooter>
                <Button
                  className="w-full after:absolute after:inset-0 after:rounded-xl after:content-['']"
                  variant={value === 'contact' ? 'outline' : 'default'}
                  onClick={() => choose(value)}
                  data-value={value}
                >
                  {cta} <ArrowRight aria-hidden="true" />
                </Button>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
