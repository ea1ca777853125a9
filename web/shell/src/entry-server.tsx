import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { createQueryClient, nextCursorOf, type NewsArticle } from '@12yards/api';
import { App } from './App';
import { Providers } from './Providers';
import { headHtml, jsonForScript, type Head } from './lib/head';
import { PAGE_DATA, PAGE_STATE_ID } from './lib/page-data';
import { newsCategoryOf, newsPagesOptions } from './lib/news-pages';
import type { RenderContext } from './lib/render-context';

export { headHtml } from './lib/head';
export { PAGE_DATA } from './lib/page-data';
export { site } from './config';

export interface RenderOptions {
  /** The built index.html: its scripts and styles are kept, the page is written into it. */
  template: string;
  /** Reads a public API path (e.g. '/api/news'); resolves null for a 404, rejects when it cannot be read. */
  fetchJson: (path: string) => Promise<unknown>;
  /** Reads one page of a paginated public list: its body and its Link header (rejects when it cannot be read). */
  fetchPage: (path: string) => Promise<{ body: unknown; link: string | null }>;
  now?: number;
}

export interface RenderedPage {
  html: string;
  head: Head | undefined;
  /** False when some data could not be read: the page then shows its loading or error state for it. */
  complete: boolean;
}

export interface PageState {
  now: number;
  queries: DehydratedState;
}

async function toString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream.pipe(new PassThrough())) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders a shell route to a complete HTML document with its head, its data and the time it was rendered at. */
export async function renderPage(url: string, options: RenderOptions): Promise<RenderedPage> {
  const parsed = new URL(url, 'http://x');
  const path = parsed.pathname.replace(/\/+$/, '') || '/';
  const client = createQueryClient();
  let complete = true;
  const reads: Promise<unknown>[] = (PAGE_DATA[path.toLowerCase()] ?? []).map((key) =>
    client.fetchQuery({ queryKey: [key], queryFn: () => options.fetchJson(key) }),
  );
  if (path.toLowerCase() === '/news') {
    // The first page of the list (or the page a "Load more" link names), as NewsPage's infinite query holds it.
    const from = parsed.searchParams.get('cursor') ?? undefined;
    const category = newsCategoryOf(parsed.searchParams);
    const fetchPage = async (pageUrl: string) => {
      const { body, link } = await options.fetchPage(pageUrl);
      return { items: body as NewsArticle[], nextCursor: nextCursorOf(link) };
    };
    const filter = category ? { category } : from ? { from } : {};
    reads.push(client.fetchInfiniteQuery(newsPagesOptions(filter, fetchPage)));
  }
  await Promise.all(reads.map((r) => r.catch(() => (complete = false))));
  const now = options.now ?? Date.now();
  const render: RenderContext = { now, head: {} };
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <Providers client={client} render={render}>
          <App />
        </Providers>
      </StaticRouter>
    </StrictMode>,
    // Never outline a boundary: each is written in place, complete, so the page needs no inline script (the CSP
    // allows none) and reads whole without JavaScript.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const body = await toString(prelude);
  const state: PageState = { now, queries: dehydrate(client) };
  const head = render.head?.current;
  const html = options.template
    .replace('</head>', `${head ? `    ${headHtml(head)}\n` : ''}  </head>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(
      '<div id="root"></div>',
      `<div id="root">${body}</div>\n    <script type="application/json" id="${PAGE_STATE_ID}">${jsonForScript(state)}</script>`,
    );
  client.clear();
  return { html, head, complete };
}
