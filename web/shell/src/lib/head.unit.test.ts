import { applyHead, headHtml, type Head } from './head';

const news: Head = {
  title: 'News | 12Yards',
  description: 'The latest <news> & "updates".',
  path: '/news',
  feeds: [{ title: '12Yards News', href: '/news/feed.xml' }],
  jsonLd: [{ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Bad </script> title' }],
};

describe('page head', () => {
  it('When rendered for the server, then it has title, description, canonical, Open Graph, Twitter, feed and JSON-LD', () => {
    const html = headHtml(news);
    expect(html).toContain('<title data-page-head>News | 12Yards</title>');
    expect(html).toContain(
      '<meta name="description" content="The latest &lt;news&gt; &amp; &quot;updates&quot;." data-page-head>',
    );
    expect(html).toContain('<link rel="canonical" href="https://12yards.com/news" data-page-head>');
    expect(html).toContain('<meta property="og:title" content="News | 12Yards" data-page-head>');
    expect(html).toContain('<meta property="og:url" content="https://12yards.com/news" data-page-head>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" data-page-head>');
    expect(html).toContain(
      '<link rel="alternate" type="application/rss+xml" title="12Yards News" href="/news/feed.xml" data-page-head>',
    );
    expect(html).not.toContain('noindex');
    // JSON-LD cannot end its script early.
    expect(html).toContain('<script type="application/ld+json" data-page-head>');
    expect(html).not.toContain('</script> title');
    const json = /<script type="application\/ld\+json" data-page-head>(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(news.jsonLd![0]);
  });

  it('When a page is noindex, then robots and googlebot say so', () => {
    expect(headHtml({ title: 'T', description: 'D', path: '/partner-console', noindex: true })).toContain(
      '<meta name="robots" content="noindex, nofollow" data-page-head>',
    );
  });

  it('When applied in the browser twice, then the head holds one set of tags, the last page’s', () => {
    applyHead(news);
    applyHead({ title: 'Status | 12Yards', description: 'Live status', path: '/status' });
    expect(document.title).toBe('Status | 12Yards');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="alternate"]')).toBeNull();
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
  });
});
