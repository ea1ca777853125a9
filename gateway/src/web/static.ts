import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { canonicalPath } from '../routing';
import { FEED_PATH } from './feeds';
import { setTimeout as sleep } from 'node:timers/promises';
import { pageQueryOf, preferredEncoding, sendAnswer, SIGN_IN_FAILED, type PublicPages } from './pages';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/**
 * The shell's routes (SPEC.md section 2; web/shell/src/App.tsx). They answer 200; any other path answers the
 * '404 Page Not Found' page with 404. The admin panel owns its sub-paths.
 */
export const SHELL_ROUTES = [
  '/',
  '/news',
  '/admin-login',
  '/admin12YardsDB',
  '/partner-console',
  '/status',
  '/privacy-policy',
  '/terms-of-service',
] as const;
const ROUTES_WITH_SUBPATHS = ['/admin12YardsDB'];

/** Matches like react-router (and the gateway's routing): case-insensitive, a trailing slash ignored. */
export function isShellRoute(path: string): boolean {
  const p = canonicalPath(path);
  return (
    SHELL_ROUTES.some((r) => r.toLowerCase() === p) ||
    ROUTES_WITH_SUBPATHS.some((r) => p.startsWith(`${r.toLowerCase()}/`))
  );
}

/** Hashed assets never change: cache them for a year. Entry files must be revalidated. */
function setCacheHeaders(res: Response, file: string) {
  const path = file.replace(/\.(br|gz)$/, '');
  if (/\.(html|json)$/.test(path) || path.endsWith('remoteEntry.js') || path.endsWith('mf-manifest.json')) {
    res.setHeader('Cache-Control', 'no-cache');
  } else if (/[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp|avif)$/.test(path)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('Cache-Control', 'public, max-age=3600');
  }
}

/** Every file of a build, as URL paths ('/assets/x.js'). */
function filesOf(dir: string, base = ''): Set<string> {
  const files = new Set<string>();
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const url = `${base}/${entry.name}`;
    if (entry.isDirectory()) for (const f of filesOf(join(dir, entry.name), url)) files.add(f);
    else files.add(url);
  }
  return files;
}

/**
 * Serves the build's precompressed variants (x.js.br, x.js.gz made by web/shell/scripts/compress.mjs) to clients
 * that accept them: the file's own type, Content-Encoding and Vary: Accept-Encoding. Only files listed at start
 * are considered, so a request path can never name anything else.
 */
export function precompressed(dist: string) {
  const files = filesOf(dist);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const br = files.has(`${path}.br`);
    const gz = files.has(`${path}.gz`);
    if (!files.has(path) || (!br && !gz)) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = preferredEncoding(req, [...(br ? ['br'] : []), ...(gz ? ['gzip'] : [])]);
    if (encoding !== 'br' && encoding !== 'gzip') return next();
    res.setHeader('Content-Encoding', encoding);
    res.type(extname(path));
    req.url = `${req.url.split('?')[0]}.${encoding === 'br' ? 'br' : 'gz'}`;
    next();
  };
}

export interface WebOptions {
  shellDist: string;
  adminDist: string;
  /** Server-rendered public pages (web/shell's server entry); without it every route gets index.html. */
  pages?: PublicPages;
}

const isPage = (req: Request) =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  req.accepts(['html', 'json']) === 'html' &&
  !req.path.startsWith('/api/') &&
  !req.path.startsWith('/media/') &&
  !req.path.startsWith('/admin-app/') &&
  // A missing file (e.g. a chunk of an older build) must fail as a 404, never be answered with the page.
  extname(req.path) === '';

/** SPEC section 9: the partner console's artificial wait before it says that no account exists. */
export const PARTNER_CONSOLE_WAIT_MS = 1000;

/**
 * The partner console's form as a browser without JavaScript sends it (a POST: the password never goes into an
 * address). No partner account exists, so its body is never read: after the same wait as the page's, a redirect to
 * the page saying so (303, so a reload does not post again).
 */
export function partnerConsoleSignIn() {
  return async (req: Request, res: Response) => {
    req.resume();
    await sleep(PARTNER_CONSOLE_WAIT_MS);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, `/partner-console?signin=${SIGN_IN_FAILED}`);
  };
}

/** Serves the admin remote under /admin-app/ and the shell at /: its routes rendered on the server when it can. */
export function mountWeb(app: Express, options: WebOptions): void {
  const { pages } = options;
  if (existsSync(options.adminDist)) {
    app.use('/admin-app', precompressed(options.adminDist));
    app.use('/admin-app', express.static(options.adminDist, { index: false, setHeaders: setCacheHeaders }));
  }
  if (pages) {
    const feeds = pages.feedRoutes();
    app.get('/sitemap.xml', feeds.sitemap);
    app.get(FEED_PATH, feeds.feed);
  }
  app.post('/partner-console', partnerConsoleSignIn());
  app.use(precompressed(options.shellDist));
  app.use(express.static(options.shellDist, { index: false, setHeaders: setCacheHeaders }));
  const index = join(options.shellDist, 'index.html');
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    if (!isPage(req)) return next();
    const status = isShellRoute(req.path) ? 200 : 404;
    if (!pages) {
      res.setHeader('Cache-Control', 'no-cache');
      return res.status(status).sendFile(index);
    }
    try {
      sendAnswer(req, res, await pages.page(req.path, status, pageQueryOf(req.path, req.query)));
    } catch (err) {
      next(err);
    }
  });
}
