import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Newspaper } from 'lucide-react';
import type { NewsArticle } from '@12yards/api';
import { Badge, Button, Card, CardContent, CardFooter, CardHeader, CardTitle, Skeleton } from '@12yards/ui';
import { HOME_NEWS_COUNT } from '../config';
import { useNews } from '../lib/queries';
import { formatLongDate } from '../lib/dates';
import { categoryLabel } from '../lib/categories';
import { lazyDialog } from '../lib/lazy';
import { useTimeZone } from '../lib/render-context';

const NewsArticleDialog = lazyDialog(
  () => import('../components/NewsArticleDialog').then((m) => m.NewsArticleDialog),
  (p: { article: unknown }) => p.article !== null,
);
import { Section } from './Section';

export function NewsSection() {
  const { data, isLoading, isError } = useNews();
  const [open, setOpen] = useState<NewsArticle | null>(null);
  const timeZone = useTimeZone();
  const articles = data ?? [];
  const shown = articles.slice(0, HOME_NEWS_COUNT);

  return (
    <Section
      id="news"
      eyebrow="News"
      title="Latest from 12Yards"
      intro="Launches, partner stories and what is new in the app."
    >
      {isLoading ? (
        <div role="status" aria-label="Loading news" className="grid gap-6 md:grid-cols-3">
          {Array.from({ length: HOME_NEWS_COUNT }, (_, i) => (
            <Skeleton key={i} className="h-80 rounded-xl" />
          ))}
        </div>
      ) : isError || shown.length === 0 ? (
        <div className="mx-auto max-w-md rounded-xl border border-dashed border-border p-10 text-center">
          <Newspaper className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-3 text-muted-foreground">No news articles available at the moment.</p>
        </div>
      ) : (
        <ul className="grid gap-6 md:grid-cols-3">
          {shown.map((a) => (
            <li key={a.id}>
              <Card className="flex h-full flex-col overflow-hidden">
                {a.imageUrl ? (
                  <img src={a.imageUrl} alt="" loading="lazy" className="h-44 w-full object-cover" />
                ) : (
                  <div aria-hidden="true" className="h-44 w-full bg-gradient-to-br from-primary to-night" />
                )}
                <CardHeader className="pb-2">
                  <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <Badge variant="secondary">{categoryLabel(a.category)}</Badge>
                    <time dateTime={a.publishDate}>{formatLongDate(a.publishDate, timeZone)}</time>
                  </div>
                  <CardTitle className="mt-1">{a.title}</CardTitle>
                </CardHeader>
                <CardContent className="flex-1 text-sm text-muted-foreground">{a.excerpt}</CardContent>
                <CardFooter>
                  <Button
                    variant="link"
                    className="px-0"
                    onClick={() => setOpen(a)}
                    aria-label={`Read More: ${a.title}`}
                  >
                    Read More <ArrowRight aria-hidden="true" />
                  </Button>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {articles.length > HOME_NEWS_COUNT && (
        <div className="mt-10 text-center">
          <Button asChild variant="outline" size="lg">
            <Link to="/news">View All News</Link>
          </Button>
        </div>
      )}
      <NewsArticleDialog article={open} onClose={() => setOpen(null)} />
    </Section>
  );
}
