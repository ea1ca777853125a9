import type { NewsArticle } from '@12yards/api';

/** The public routes search engines should index (the noindex ones, /admin-login, /admin12YardsDB and
 * /partner-console, are left out), with how often each changes. */
export const INDEXED_ROUTES = [
  { path: '/', changefreq: 'weekly', priority: '1.0', news: true },
  { path: '/news', changefreq: 'daily', priority: '0.8', news: true },
  { path: '/status', changefreq: 'daily', priority: '0.5', news: false },
  { path: '/privacy-policy', changefreq: 'yearly', priority: '0.3', news: false },
  { path: '/terms-of-service', changefreq: 'yearly', priority: '0.3', news: false },
] as const;

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Characters XML 1.0 cannot carry at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');

const time = (value: string | undefined) => {
  const t = value ? new Date(value).getTime() : NaN;
  return Number.isNaN(t) ? undefined : new Date(t);
};

/** The newest publish or update time of the articles, if any. */
function latest(news: NewsArticle[]): Date | undefined {
  const times = news.flatMap((a) => [time(a.publishDate), time(a.updatedAt)]).filter((d) => d !== undefined);
  return times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : undefined;
}

/** sitemap.xml (sitemaps.org 0.9): every indexed route; / and /news dated by their newest article. */
export function sitemapXml(origin: string, news: NewsArticle[]): string {
  const newest = latest(news);
  const urls = INDEXED_ROUTES.map((r) => {
    const lastmod = r.news && newest ? `<lastmod>${newest.toISOString()}</lastmod>` : '';
    return `  <url><loc>${xml(origin + r.path)}</loc>${lastmod}<changefreq>${r.changefreq}</changefreq><priority>${r.priority}</priority></url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

export const FEED_PATH = '/news/feed.xml';

/** RSS 2.0 of the published news, newest first (the public news API answers only published articles). */
export function rssXml(origin: string, news: NewsArticle[], siteName: string): string {
  const items = news
    .filter((a) => a.published !== false)
    .map((a) => {
      const published = time(a.publishDate);
      return `    <item>
      <title>${xml(a.title)}</title>
      <link>${xml(`${origin}/news`)}</link>
      <guid isPermaLink="false">${xml(a.id)}</guid>
${published ? `      <pubDate>${published.toUTCString()}</pubDate>\n` : ''}      <category>${xml(a.category)}</category>
      <description>${xml(a.excerpt)}</description>
    </item>`;
    });
  const newest = latest(news);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`${siteName} News`)}</title>
    <link>${xml(`${origin}/news`)}</link>
    <description>${xml(`The latest news from ${siteName}.`)}</description>
    <language>en-gb</language>
    <atom:link href="${xml(origin + FEED_PATH)}" rel="self" type="application/rss+xml"/>
${newest ? `    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>\n` : ''}${items.join('\n')}${items.length ? '\n' : ''}  </channel>
</rss>
`;
}
