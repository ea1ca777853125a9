import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { isAdminRequest } from './app';

/** What a browser and a CDN may do with a public read: keep it briefly, then serve it stale while asking again. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';
/** The projection position a public answer was read at (the gateway keeps an answer only while no later event is known). */
export const READ_POSITION_HEADER = 'x-read-position';
/** When a time-dependent public answer stops being right (an ISO instant), for the gateway's copy. */
export const READ_VALID_UNTIL_HEADER = 'x-read-valid-until';

/** The part of the service's projector a public read depends on. */
export interface ReadPosition {
  /** The position of the last event applied to the read models. */
  position(): Promise<number>;
}

export interface PublicReadOptions {
  projector: ReadPosition;
  /** Public GET paths (matched against req.path) whose 200 answers depend on the read models only. */
  paths: RegExp[];
  clock?: () => Date;
  /**
   * For an answer that depends on time as well (a scheduled article appears at its publish date): the moment
   * the answer read now stops being right, or null when only an event can change it.
   */
  validUntil?: (req: Request, now: Date) => Promise<Date | null>;
}

interface Answer {
  position: number;
  validUntil: number;
  body: Buffer;
  etag: string;
}

/** A strong validator: the hash of the exact bytes sent. */
export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

function send(req: Request, res: Response, entry: Answer): void {
  res.status(200);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
  res.setHeader('ETag', entry.etag);
  res.setHeader(READ_POSITION_HEADER, String(entry.position));
  if (entry.validUntil !== Infinity) {
    res.setHeader(READ_VALID_UNTIL_HEADER, new Date(entry.validUntil).toISOString());
  }
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', entry.body.length);
  res.end(req.method === 'HEAD' ? undefined : entry.body);
}

/**
 * Reads the projection position for requests that arrived before the read starts: a request that arrives while a
 * read is running waits for the next one (which starts after it arrived), so it never misses a write that was
 * answered before it was sent, and concurrent requests share one read.
 */
function coalesced(read: () => Promise<number>): () => Promise<number> {
  let running: Promise<number> | undefined;
  let next: Promise<number> | undefined;
  const start = (): Promise<number> => {
    running = read().finally(() => {
      running = undefined;
    });
    return running;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return running ?? start();
      });
    return next;
  };
}

/**
 * Public reads, marked for the gateway's copy (gateway/src/public-reads.ts, the one place their answers are kept):
 * each 200 answer is serialised with a strong ETag (304 on If-None-Match), public caching, the projection position
 * it was read at (read before the handler reads the read models, from the checkpoint the projector writes, so a
 * replica sharing the read models tells another replica's writes too) and, for a time-dependent answer, the moment
 * it stops being right. Nothing is kept here: every read that reaches the service is answered by its handler.
 * Admin calls (an identity signed in, or an /api/admin path) are left alone.
 */
export function publicReads(options: PublicReadOptions) {
  const clock = options.clock ?? (() => new Date());
  const position = coalesced(() => options.projector.position());

  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isAdminRequest(req)) return next();
    if (!options.paths.some((p) => p.test(req.path))) return next();
    try {
      const at = await position();
      const until = (await options.validUntil?.(req, clock()))?.getTime() ?? Infinity;
      const json = res.json.bind(res);
      res.json = (value: unknown) => {
        if (res.statusCode !== 200) return json(value);
        const body = Buffer.from(JSON.stringify(value), 'utf8');
        send(req, res, { position: at, validUntil: until, body, etag: strongEtag(body) });
        return res;
      };
      next();
    } catch (err) {
      next(err);
    }
  };
}
