import { useState, type MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertCircle, ArrowRight, Newspaper } from 'lucide-react';
import { publicNewsCategories, type NewsArticle } from '@12yards/api';
import {
  Badge,
  Button,
  buttonVariants,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
  Label,
  Skeleton,
} from '@12yards/ui';
import { Seo } from '../components/Seo';
import { NEWS_FEED, newsArticleJsonLd } from '../lib/structured-data';
import { lazyDialog } from '../lib/lazy';

const NewsArticleDialog = lazyDialog(
  () => import('../components/NewsArticleDialog').then((m) => m.NewsArticleDialog),
  (p: { article: unknown }) => p.article !== null,
);
import { newsCategoryOf, useNewsPages, useNextNewsPageAhead } from '../lib/news-pages';
import { relativeDate } from '../lib/dates';
import { useHydrated, useNow } from '../lib/render-context';
import { categoryLabel } from '../lib/categories';

const ALL = 'all';

export function emptyNewsText(category: string): string {
  return category === ALL
    ? 'No news articles are currently available.'
    : `No articles found in the "${categoryLabel(category)}" category. Try changing the filter.`;
}

/** The link to the next page of /news: followed without JavaScript (and by crawlers), a "Load more" with it. */
export const newsPageHref = (cursor: string) => `/news?${new URLSearchParams({ cursor })}`;

export default function NewsPage() {
  const [params] = useSearchParams();
  // `/news?category=…` is the filter's form sent without JavaScript: the server renders that category.
  const [category, setCategory] = useState<string>(() => newsCategoryOf(params) ?? ALL);
  // The category filters on the server; a page reached through a "Load more" link starts at its cursor.
  const from = category === ALL ? (params.get('cursor') ?? undefined) : undefined;
  const filter = category === ALL ? { ...(from && { from }) } : { category };
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useNewsPages(filter);
  const [open, setOpen] = useState<NewsArticle | null>(null);
  const now = useNow();
  const articles = data?.pages.flatMap((p) => p.items) ?? [];
  const nextCursor = data?.pages.at(-1)?.nextCursor ?? null;
  const fetchingAhead = useNextNewsPageAhead(filter, nextCursor, useHydrated());
  const loadingMore = isFetchingNextPage || fetchingAhead;
  const loadMore = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (!isFetchingNextPage) void fetchNextPage();
  };

  return (
    <div className="bg-muted">
      <Seo
        title="News | 12Yards"
        description="The latest 12Yards news: transfer news, match reports, tactical analysis and platform updates."
        path={from ? newsPageHref(from) : '/news'}
        feeds={[NEWS_FEED]}
        jsonLd={articles.map(newsArticleJsonLd)}
      />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">News</h1>
            <p className="mt-2 text-muted-foreground">
              Stories from the pitch, the stands and the 12Yards team.
            </p>
          </div>
          {/* A native select in a GET form: it shows its choice in the server's HTML, and without JavaScript the
              Filter button asks the server for the category; with it, a change filters at once. */}
          <form method="get" action="/news" className="grid w-full gap-1.5 md:w-64">
            <Label htmlFor="news-category">Category</Label>
            <div className="flex gap-2">
              <select
                id="news-category"
                name="category"
                value={category}
                onChange={(e) => setCategory(e.target.value)}
                className="h-10 w-full cursor-pointer rounded-md border border-input bg-background px-3 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <option value={ALL}>All Categories</option>
                {publicNewsCategories.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
              <noscript>
                <button type="submit" className={buttonVariants({ variant: 'outline' })}>
                  Filter
                </button>
              </noscript>
            </div>
          </form>
        </div>

        <div className="mt-10">
          {/* The article titles are h3 (CardTitle): this keeps the outline without a skipped level. */}
          <h2 id="news-articles" className="sr-only">
            Articles
          </h2>
          {isLoading ? (
            <div role="status" aria-label="Loading news" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} data-testid="news-skeleton" className="h-80 rounded-xl bg-slate-200" />
              ))}
            </div>
          ) : isError ? (
            <Card className="mx-auto max-w-lg text-center">
              <CardHeader>
                <AlertCircle className="mx-auto size-10 text-destructive" aria-hidden="true" />
                <CardTitle className="mt-2">Error Loading News</CardTitle>
              </CardHeader>
              <CardContent className="text-muted-foreground">
                Failed to fetch news data. Please try again later.
              </CardContent>
            </Card>
          ) : articles.length === 0 ? (
            <Card className="mx-auto max-w-lg text-center">
              <CardHeader>
                <Newspaper className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
                <CardTitle className="mt-2">No News Found</CardTitle>
              </CardHeader>
              <CardContent className="text-muted-foreground">{emptyNewsText(category)}</CardContent>
            </Card>
          ) : (
            <ul aria-labelledby="news-articles" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {articles.map((a) => (
                <li key={a.id}>
                  <Card className="flex h-full flex-col overflow-hidden">
                    {a.imageUrl ? (
                      <img src={a.imageUrl} alt="" loading="lazy" className="h-44 w-full object-cover" />
                    ) : (
                      <div
                        aria-hidden="true"
                        className="h-44 w-full bg-gradient-to-br from-primary to-night"
                      />
                    )}
                    <CardHeader className="pb-2">
                      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                        <Badge variant="secondary">{categoryLabel(a.category)}</Badge>
                        {a.featured && <Badge variant="warning">Featured</Badge>}
                        <time dateTime={a.publishDate}>{relativeDate(a.publishDate, now)}</time>
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
          {!isLoading && !isError && (nextCursor || from) && (
            <nav aria-label="More news" className="mt-10 flex flex-wrap justify-center gap-4">
              {hasNextPage && nextCursor && (
                <a
                  href={newsPageHref(nextCursor)}
                  onClick={loadMore}
                  aria-busy={loadingMore}
                  // One width for both labels: the link never moves when its label changes.
                  className={buttonVariants({ variant: 'outline', size: 'lg', className: 'min-w-56' })}
                >
                  {loadingMore ? 'Loading more news…' : 'Load more'}
                </a>
              )}
              {from && (
                <Link to="/news" className={buttonVariants({ variant: 'link', size: 'lg' })}>
                  Latest news
                </Link>
              )}
            </nav>
          )}
        </div>
      </div>
      <NewsArticleDialog article={open} onClose={() => setOpen(null)} />
    </div>
  );
}
