import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { canonicalPath } from '../routing';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/**
 * The shell's routes (SPEC.md section 2; web/shell/src/App.tsx). They get index.html with 200; any other path
 * gets index.html with 404, where the React app renders '404 Page Not Found'. The admin panel owns its sub-paths.
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
function setCacheHeaders(res: Response, path: string) {
  if (/\.(html|json)$/.test(path) || path.endsWith('remoteEntry.js') || path.endsWith('mf-manifest.json')) {
    res.setHeader('Cache-Control', 'no-cache');
  } else if (/[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp|avif)$/.test(path)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('Cache-Control', 'public, max-age=3600');
  }
}

/** Serves the admin remote under /admin-app/ and the shell at /, with SPA fallback for the shell's routes. */
export function mountWeb(app: Express, options: { shellDist: string; adminDist: string }): void {
  if (existsSync(options.adminDist)) {
    app.use('/admin-app', express.static(options.adminDist, { index: false, setHeaders: setCacheHeaders }));
  }
  app.use(express.static(options.shellDist, { index: false, setHeaders: setCacheHeaders }));
  const index = join(options.shellDist, 'index.html');
  app.use((req: Request, res: Response, next: NextFunction) => {
    const html = req.accepts(['html', 'json']) === 'html';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !html) return next();
    if (req.path.startsWith('/api/') || req.path.startsWith('/media/') || req.path.startsWith('/admin-app/'))
      return next();
    // A missing file (e.g. a chunk of an older build) must fail as a 404, never be answered with the page.
    if (extname(req.path) !== '') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.status(isShellRoute(req.path) ? 200 : 404).sendFile(index);
  });
}
