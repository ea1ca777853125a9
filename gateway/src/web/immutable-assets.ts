import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { securityHeaders } from '@12yards/platform';

/** A build's hashed file names (Vite's `name-Hash8.ext`): their content never changes under that name. */
const HASHED = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp|avif)$/;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

interface Variant {
  body: Buffer;
  etag: string;
}

interface Asset {
  type: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

const variant = (body: Buffer): Variant => ({
  body,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
});

function hashedFiles(dir: string, base: string, out: Map<string, string>): Map<string, string> {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) hashedFiles(file, `${base}/${entry.name}`, out);
    else if (HASHED.test(entry.name) && statSync(file).size <= MAX_FILE_BYTES) {
      out.set(`${base}/${entry.name}`, file);
    }
  }
  return out;
}

/**
 * The first of `ours` that the Accept-Encoding header accepts (q > 0, by name or by `*`), in our order, as
 * pages.ts preferredEncoding does with Express's req.acceptsEncodings; none without the header.
 */
export function acceptedEncoding(header: string | undefined, ours: string[]): string | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const given = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = given === undefined ? 1 : Number(given.slice(2));
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  return ours.find((e) => (q.get(e) ?? q.get('*') ?? 0) > 0);
}

function sameEtag(given: string | undefined, etag: string): boolean {
  if (!given) return false;
  return given.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * The build's hashed assets (and their precompressed .br/.gz variants), read into memory at start and answered
 * before the middleware chain: they never change under their name, so they are cached for a year, immutable.
 * Anything else (index.html, unhashed files, Range requests) is passed on to express.static.
 */
export function immutableAssets(dist: string, urlPrefix = '') {
  const assets = new Map<string, Asset>();
  for (const [url, file] of hashedFiles(dist, urlPrefix, new Map())) {
    const asset: Asset = {
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      identity: variant(readFileSync(file)),
    };
    if (existsSync(`${file}.br`)) asset.br = variant(readFileSync(`${file}.br`));
    if (existsSync(`${file}.gz`)) asset.gzip = variant(readFileSync(`${file}.gz`));
    assets.set(url, asset);
  }
  const security = securityHeaders();

  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return next();
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const asset = assets.get(q < 0 ? url : url.slice(0, q));
    if (!asset) return next();
    const offered = [...(asset.br ? ['br'] : []), ...(asset.gzip ? ['gzip'] : [])];
    const encoding = acceptedEncoding(req.headers['accept-encoding'], offered);
    const chosen = encoding === 'br' ? asset.br! : encoding === 'gzip' ? asset.gzip! : asset.identity;
    const given = req.headers['x-request-id'];
    const headers: Record<string, string | number> = {
      ...security,
      'cache-control': 'public, max-age=31536000, immutable',
      'content-type': asset.type,
      etag: chosen.etag,
      'x-request-id': typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID(),
    };
    if (offered.length) headers.vary = 'Accept-Encoding';
    if (encoding) headers['content-encoding'] = encoding;
    if (sameEtag(req.headers['if-none-match'], chosen.etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers['content-length'] = chosen.body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : chosen.body);
  };
}
