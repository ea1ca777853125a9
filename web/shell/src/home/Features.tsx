import {
  Brain,
  Coins,
  Dices,
  Gamepad2,
  Gavel,
  HeartHandshake,
  MapPin,
  MessageSquareText,
  Newspaper,
  Sparkles,
  Users,
  Vote,
} from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@12yards/ui';
import { Section } from './Section';

export const FEATURES = [
  {
    Icon: Users,
    title: 'Community Building',
    text: 'A home for supporters to meet, talk and share the highs and lows of every season.',
  },
  {
    Icon: MessageSquareText,
    title: 'Real-time Fan Feedback',
    text: 'Hear what supporters think the moment it matters, before, during and after the match.',
  },
  {
    Icon: Vote,
    title: 'Polls and Voting',
    text: 'Player of the match, kit designs, away-day songs: let fans have their say.',
  },
  {
    Icon: Coins,
    title: 'Rewarding Points',
    text: 'Supporters earn points for taking part, turning loyalty into something they can use.',
  },
  {
    Icon: Gavel,
    title: 'Points Auctions',
    text: 'Signed shirts, matchday experiences and more, bid for with points instead of cash.',
  },
  {
    Icon: HeartHandshake,
    title: 'Charity Quizzes',
    text: 'Club-vs-club quizzes where the winning fans raise money for good causes.',
  },
  {
    Icon: Newspaper,
    title: 'Engaging Content',
    text: 'News, videos and behind-the-scenes stories published straight to your supporters.',
  },
  {
    Icon: Sparkles,
    title: 'AI Score Predictions',
    text: 'AI-analysed predictions for every fixture, with a donation when the prediction is right.',
  },
  {
    Icon: Brain,
    title: 'AI Sentiment Insights',
    text: 'Understand the mood of the fanbase with AI analysis of feedback and conversations.',
  },
  {
    Icon: Gamepad2,
    title: 'Games',
    text: 'Fun football games that keep supporters coming back between matchdays.',
  },
  {
    Icon: Dices,
    title: 'Light Club Betting',
    text: 'Optional, light-touch club-related betting, switched on only for clubs that choose it.',
  },
  {
    Icon: MapPin,
    title: 'Most Loyal Fan Award',
    text: 'GPS stadium check-ins find and celebrate the supporters who never miss a game.',
  },
] as const;

export function Features() {
  return (
    <Section
      id="features"
      eyebrow="Features"
      title="Everything a matchday needs, in your pocket"
      intro="Twelve ways to engage, reward and understand your supporters, all under your club's brand."
      tone="muted"
    >
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {FEATURES.map(({ Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full transition-shadow hover:shadow-md" data-testid="feature-card">
              <CardHeader className="pb-3">
                <span className="grid size-11 place-items-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <CardTitle className="mt-2 text-base">{title}</CardTitle>
              </CardHeader>
              <CardContent className="text-sm text-muted-foreground">{text}</CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
