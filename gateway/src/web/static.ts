import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

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
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
