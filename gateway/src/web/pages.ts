import { createRequire } from 'node:module';
import type { NextFunction, Request, Response } from 'express';
import { pageCursor, publicNewsCategories, type NewsArticle } from '@12yards/api';
import { HttpError, type Logger } from '@12yards/platform';
import { canonicalPath, resolveRoute } from '../routing';
import type { Targets } from '../proxy';
import { cachedAnswer, PageCache, type CachedAnswer } from './page-cache';
import { FEED_PATH, rssXml, sitemapXml } from './feeds';
import type { InstanceSubscriptions } from '../instance-subscription';

/** What web/shell's server entry (src/entry-server.tsx, built to dist-server/entry-server.cjs) exports. */
export interface ShellServerEntry {
  renderPage(
    url: string,
    options: {
      template: string;
      fetchJson: (path: string) => Promise<unknown>;
      fetchPage: (path: string) => Promise<{ body: unknown; link: string | null }>;
      now?: number;
    },
  ): Promise<{ html: string; complete: boolean }>;
  headHtml(head: { title: string; description: string; path: string; noindex?: boolean }): string;
  site: { name: string; url: string };
}

export function loadServerEntry(file: string): ShellServerEntry {
  // A plain Node require (not the bundler's, not jest's): the entry is a self-contained CommonJS bundle.
  return createRequire(file)(file) as ShellServerEntry;
}

/** The topics whose events change what the public pages show: news, FAQs, settings, gallery; service status. */
export const PAGE_TOPICS = ['content', 'status'];

/**
 * A service appends an event before it updates its read model, so an event can arrive before the data it
 * announces can be read: the pages are invalidated when it arrives and once more this long after.
 */
const SETTLE_MS = 250;

export interface PagesOptions {
  template: string;
  entry: ShellServerEntry;
  targets: Targets;
  logger: Logger;
  /**
   * This process's subscription to the services' events (registered on as 'web'), which refresh the pages; without
   * one on a bus, pages are rendered per request and never kept.
   */
  subscriptions?: InstanceSubscriptions;
}

/**
 * Where a public API read is answered: the service the gateway's routing table sends it to. Answers the body
 * (null for a 404) and the Link header that names a list's next page.
 */
function fetcher(targets: Targets) {
  return async (path: string): Promise<{ body: unknown; link: string | null }> => {
    const route = resolveRoute('GET', path.split('?')[0]!);
    if (!route || route.requiresAdmin) throw new Error(`not a public read: ${path}`);
    const res = await fetch(`${targets[route.service]}${path}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    });
    if (res.status === 404) return { body: null, link: null };
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return { body: await res.json(), link: res.headers.get('link') };
  };
}

/** The cursor of a `/news?cursor=…` request, when it is one the news API could have made (else the first page). */
export function newsCursorOf(path: string, query: unknown): string | undefined {
  if (canonicalPath(path) !== '/news') return undefined;
  const cursor = (query as Record<string, unknown> | undefined)?.cursor;
  return pageCursor.safeParse(cursor).success ? (cursor as string) : undefined;
}

/** The value of `?signin=` with which /partner-console shows that the sign-in failed (the no-JavaScript form). */
export const SIGN_IN_FAILED = 'failed';

/**
 * The query a page is rendered with, when it is one that changes the page: a later page of /news (`cursor`), a
 * category of /news (`category`, one of the public ones), a failed sign-in on /partner-console. Else undefined.
 */
export function pageQueryOf(path: string, query: unknown): string | undefined {
  const cursor = newsCursorOf(path, query);
  if (cursor !== undefined) return new URLSearchParams({ cursor }).toString();
  const q = (query as Record<string, unknown> | undefined) ?? {};
  const route = canonicalPath(path);
  if (route === '/news' && publicNewsCategories.some((c) => c.value === q.category))
    return new URLSearchParams({ category: q.category as string }).toString();
  if (route === '/partner-console' && q.signin === SIGN_IN_FAILED)
    return new URLSearchParams({ signin: SIGN_IN_FAILED }).toString();
  return undefined;
}

/** The RSS feed's length: the latest articles (one page of the news API, whose maximum page is 100). */
export const FEED_ITEMS = 50;

/** How many pages past the first of /news are kept (a crawler walking every page must not grow memory). */
export const MAX_CURSOR_PAGES = 32;

/**
 * The first of `ours` the client accepts: our order decides between encodings it accepts equally (browsers send
 * 'gzip, deflate, br', and brotli is the smaller).
 */
export function preferredEncoding(req: Request, ours: string[]): string | undefined {
  return ours.find((e) => req.acceptsEncodings(e) === e);
}

/** Sends a kept answer in the encoding the client prefers, with a validator for conditional requests. */
export function sendAnswer(req: Request, res: Response, answer: CachedAnswer): void {
  res.status(answer.status);
  res.setHeader('Content-Type', answer.contentType);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', answer.etag);
  if (answer.status === 200 && req.fresh) {
    res.status(304).end();
    return;
  }
  const encoding = preferredEncoding(req, ['br', 'gzip']);
  const body = encoding === 'br' ? answer.br : encoding === 'gzip' ? answer.gzip : answer.identity;
  if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Shell routes the server does not render: the admin panel is a client-only remote. */
const CLIENT_ONLY = /^\/admin12yardsdb(\/|$)/;

/**
 * The public pages as a read model: server-rendered by web/shell's server entry with the data they show, kept
 * in memory, and rendered again only after an event of PAGE_TOPICS. Also serves the sitemap and the news feed.
 */
export class PublicPages {
  readonly cache = new PageCache();
  /** `/news?cursor=…` pages, least recently read dropped first; invalidated with the others. */
  readonly cursorPages = new PageCache(MAX_CURSOR_PAGES);
  private readonly fetchPage: (path: string) => Promise<{ body: unknown; link: string | null }>;
  private readonly fetchJson: (path: string) => Promise<unknown>;
  private settle?: NodeJS.Timeout;

  constructor(private readonly options: PagesOptions) {
    this.fetchPage = fetcher(options.targets);
    this.fetchJson = async (path) => (await this.fetchPage(path)).body;
    const invalidate = (rerender: boolean) => {
      this.cache.invalidate(rerender);
      this.cursorPages.invalidate();
    };
    options.subscriptions?.register('web', PAGE_TOPICS, async () => {
      invalidate(false);
      clearTimeout(this.settle);
      // Once settled, the pages that were held (the routes, not the later /news pages) are rendered again ahead
      // of their next reader.
      this.settle = setTimeout(() => invalidate(true), SETTLE_MS);
      this.settle.unref();
    });
  }

  /** Drops the pending re-render (the process's subscription, which invalidates the pages, is stopped by its owner). */
  async stop(): Promise<void> {
    clearTimeout(this.settle);
  }

  /**
   * GET of a shell route (status 200) or of an unknown path (the 404 page); `query` (pageQueryOf) names a variant
   * of the page: a later page or a category of /news, a failed sign-in.
   */
  page(path: string, status: 200 | 404, query?: string): Promise<CachedAnswer> {
    if (status === 200 && query !== undefined) {
      const url = `${canonicalPath(path)}?${query}`;
      return this.cursorPages.get(url, async () => {
        const { template, entry } = this.options;
        const page = await entry.renderPage(url, {
          template,
          fetchJson: this.fetchJson,
          fetchPage: this.fetchPage,
        });
        return {
          answer: await cachedAnswer(200, 'text/html; charset=utf-8', page.html),
          keep: page.complete && this.kept,
        };
      });
    }
    const key = status === 404 ? '404' : canonicalPath(path);
    return this.cache.get(key, async () => {
      const { template, entry } = this.options;
      if (status === 200 && CLIENT_ONLY.test(key)) {
        const head = entry.headHtml({
          title: 'Admin | 12Yards',
          description: 'The 12Yards admin panel.',
          path: '/admin12YardsDB',
          noindex: true,
        });
        const html = template.replace('</head>', `    ${head}\n  </head>`);
        return { answer: await cachedAnswer(200, 'text/html; charset=utf-8', html), keep: true };
      }
      // Every unknown path shows the same 404 page: it is rendered once, for a path no route matches.
      const url = status === 404 ? '/404' : path;
      const page = await entry.renderPage(url, {
        template,
        fetchJson: this.fetchJson,
        fetchPage: this.fetchPage,
      });
      return {
        answer: await cachedAnswer(status, 'text/html; charset=utf-8', page.html),
        keep: page.complete && this.kept,
      };
    });
  }

  sitemap(): Promise<CachedAnswer> {
    return this.cache.get('/sitemap.xml', async () => {
      // The sitemap lists routes, not articles: / and /news are dated by the newest change among what they show,
      // which is the first page of the news (the API's default page is /news's first page).
      const news = await this.news('/api/news?fields=summary');
      const body = sitemapXml(this.options.entry.site.url, news ?? []);
      return {
        answer: await cachedAnswer(200, 'application/xml; charset=utf-8', body),
        keep: !!news && this.kept,
      };
    });
  }

  feed(): Promise<CachedAnswer> {
    return this.cache.get(FEED_PATH, async () => {
      // The feed carries the latest FEED_ITEMS articles, as RSS feeds do; readers keep what they already read.
      const news = await this.news(`/api/news?limit=${FEED_ITEMS}&fields=summary`);
      if (!news) throw new HttpError(503, 'unavailable', 'The news cannot be read right now.');
      const { site } = this.options.entry;
      const body = rssXml(site.url, news, site.name);
      return { answer: await cachedAnswer(200, 'application/rss+xml; charset=utf-8', body), keep: this.kept };
    });
  }

  /** Without events nothing says when a page is out of date, so nothing is kept. */
  private get kept(): boolean {
    return this.options.subscriptions?.enabled ?? false;
  }

  private async news(path: string): Promise<NewsArticle[] | null> {
    try {
      return ((await this.fetchJson(path)) as NewsArticle[] | null) ?? [];
    } catch (err) {
      this.options.logger.warn({ err }, 'public pages: the news could not be read');
      return null;
    }
  }

  /** Express handlers for the sitemap and the feed. */
  feedRoutes() {
    const serve =
      (make: () => Promise<CachedAnswer>) => async (req: Request, res: Response, next: NextFunction) => {
        try {
          sendAnswer(req, res, await make());
        } catch (err) {
          next(err);
        }
      };
    return { sitemap: serve(() => this.sitemap()), feed: serve(() => this.feed()) };
  }
}
