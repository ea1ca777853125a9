import type { NewsArticle } from '@12yards/api';
import { site } from '../config';

/** schema.org data for search engines (JSON-LD in the page head). */
export const organizationJsonLd = {
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: site.name,
  url: site.url,
  logo: `${site.url}/favicon.svg`,
  email: site.email,
  telephone: site.phone,
  address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'GB' },
  sameAs: site.social.map((s) => s.href),
};

export function newsArticleJsonLd(a: NewsArticle) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: a.title,
    description: a.excerpt,
    datePublished: a.publishDate,
    ...(a.updatedAt ? { dateModified: a.updatedAt } : {}),
    ...(a.imageUrl ? { image: [a.imageUrl.startsWith('/') ? `${site.url}${a.imageUrl}` : a.imageUrl] } : {}),
    mainEntityOfPage: `${site.url}/news`,
    author: { '@type': 'Organization', name: site.name, url: site.url },
    publisher: {
      '@type': 'Organization',
      name: site.name,
      logo: { '@type': 'ImageObject', url: `${site.url}/favicon.svg` },
    },
  };
}

/** The RSS feed of published news (served by the gateway), linked from /news. */
export const NEWS_FEED = { title: `${site.name} News`, href: '/news/feed.xml' };
