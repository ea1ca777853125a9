import { site } from '../config';

/** What a page puts in <head>: rendered as HTML by the server, applied to the live document by the browser. */
export interface Head {
  title: string;
  description: string;
  /** Path of this page, e.g. '/news'. */
  path: string;
  noindex?: boolean;
  /** Open Graph type: 'website' unless the page is one article. */
  type?: 'website' | 'article';
  /** schema.org objects, each written as one JSON-LD script. */
  jsonLd?: object[];
  /** Feeds of this page, linked with rel="alternate". */
  feeds?: { title: string; href: string }[];
}

type Tag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> }
  | { tag: 'script'; attrs: Record<string, string>; text: string };

/** Marks every tag a page owns, so the browser replaces them on navigation instead of piling them up. */
export const HEAD_ATTR = 'data-page-head';

export function headTags(head: Head): Tag[] {
  const url = `${site.url}${head.path}`;
  const tags: Tag[] = [
    { tag: 'title', text: head.title },
    { tag: 'meta', attrs: { name: 'description', content: head.description } },
    { tag: 'link', attrs: { rel: 'canonical', href: url } },
    { tag: 'meta', attrs: { property: 'og:type', content: head.type ?? 'website' } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: site.name } },
    { tag: 'meta', attrs: { property: 'og:title', content: head.title } },
    { tag: 'meta', attrs: { property: 'og:description', content: head.description } },
    { tag: 'meta', attrs: { property: 'og:url', content: url } },
    { tag: 'meta', attrs: { property: 'og:image', content: `${site.url}/og-image.png` } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: head.title } },
    { tag: 'meta', attrs: { name: 'twitter:description', content: head.description } },
  ];
  if (head.noindex) {
    tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex, nofollow' } });
    tags.push({ tag: 'meta', attrs: { name: 'googlebot', content: 'noindex, nofollow' } });
  }
  for (const feed of head.feeds ?? []) {
    tags.push({
      tag: 'link',
      attrs: { rel: 'alternate', type: 'application/rss+xml', title: feed.title, href: feed.href },
    });
  }
  for (const data of head.jsonLd ?? []) {
    tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: jsonForScript(data) });
  }
  return tags;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON safe inside a <script> element: no '</script>' or '<!--' can end it early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head as HTML, for the server. */
export function headHtml(head: Head): string {
  return headTags(head)
    .map((t) => {
      const attrs = 'attrs' in t ? t.attrs : {};
      const a = Object.entries({ ...attrs, [HEAD_ATTR]: '' })
        .map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escapeHtml(v)}"`))
        .join('');
      if (t.tag === 'title') return `<title${a}>${escapeHtml(t.text)}</title>`;
      if (t.tag === 'script') return `<script${a}>${t.text}</script>`;
      return `<${t.tag}${a}>`;
    })
    .join('\n    ');
}

/** Replaces the page's tags in the live document (after a client-side navigation or on a client-only page). */
export function applyHead(head: Head, doc: Document = document): void {
  doc.head.querySelectorAll(`[${HEAD_ATTR}]`).forEach((el) => el.remove());
  for (const t of headTags(head)) {
    const el = doc.createElement(t.tag);
    if ('attrs' in t) for (const [k, v] of Object.entries(t.attrs)) el.setAttribute(k, v);
    el.setAttribute(HEAD_ATTR, '');
    if (t.tag === 'title' || t.tag === 'script') el.textContent = t.text;
    doc.head.appendChild(el);
  }
}
