import type { NewsArticle } from '@12yards/api';
import { INDEXED_ROUTES, rssXml, sitemapXml } from './feeds';

const article = (over: Partial<NewsArticle>): NewsArticle => ({
  id: 'a1',
  title: 'Derby day',
  excerpt: 'A win',
  content: 'Full story',
  category: 'match-report',
  publishDate: '2025-03-01T12:00:00.000Z',
  featured: false,
  published: true,
  createdAt: '2025-03-01T12:00:00.000Z',
  ...over,
});

describe('sitemap.xml', () => {
  it('When the sitemap is made, then it lists every indexed public route and none of the noindex ones', () => {
    const xml = sitemapXml('https://12yards.com', []);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://12yards.com/',
      'https://12yards.com/news',
      'https://12yards.com/status',
      'https://12yards.com/privacy-policy',
      'https://12yards.com/terms-of-service',
    ]);
    expect(xml).not.toMatch(/admin|partner-console/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(INDEXED_ROUTES).toHaveLength(5);
  });

  it('When there is news, then / and /news carry the newest publish or update time as lastmod', () => {
    const xml = sitemapXml('https://12yards.com', [
      article({ id: 'a', publishDate: '2025-03-01T12:00:00.000Z' }),
      article({ id: 'b', publishDate: '2025-02-01T12:00:00.000Z', updatedAt: '2025-04-02T08:00:00.000Z' }),
    ]);
    const lastmods = [...xml.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)</g)].map((m) => [m[1], m[2]]);
    expect(lastmods).toEqual([
      ['https://12yards.com/', '2025-04-02T08:00:00.000Z'],
      ['https://12yards.com/news', '2025-04-02T08:00:00.000Z'],
    ]);
  });
});

describe('RSS feed', () => {
  it('When articles are published, then each is an item with its title, guid, date, category and excerpt', () => {
    const xml = rssXml('https://12yards.com', [article({ id: 'x1', title: 'Cup final' })], '12Yards');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain('<title>12Yards News</title>');
    expect(xml).toContain('<atom:link href="https://12yards.com/news/feed.xml" rel="self"');
    expect(xml).toContain('<title>Cup final</title>');
    expect(xml).toContain('<guid isPermaLink="false">x1</guid>');
    expect(xml).toContain('<pubDate>Sat, 01 Mar 2025 12:00:00 GMT</pubDate>');
    expect(xml).toContain('<category>match-report</category>');
    expect(xml).toContain('<description>A win</description>');
  });

  it('When a title holds markup or control characters, then the feed stays well-formed XML', () => {
    const xml = rssXml(
      'https://12yards.com',
      [article({ title: 'Fish & <chips> "quoted"\u0007', excerpt: ']]> </description>' })],
      '12Yards',
    );
    expect(xml).toContain('<title>Fish &amp; &lt;chips&gt; &quot;quoted&quot;</title>');
    expect(xml).toContain('<description>]]&gt; &lt;/description&gt;</description>');
  });

  it('When a draft is among the articles, then it is not in the feed', () => {
    const xml = rssXml('https://12yards.com', [article({ title: 'Draft', published: false })], '12Yards');
    expect(xml).not.toContain('<item>');
  });
});
