import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCompress } from 'node:zlib';
import {
  READ_POSITION_HEADER,
  READ_VALID_UNTIL_HEADER,
  securityHeaders,
  type Logger,
} from '@12yards/platform';
import { ALL_ROUTES, publicReadPaths, ROUTE_CONTRACTS } from '@12yards/api/src/routes';
import { resolveRoute, type ServiceName } from './routing';
import { acceptedEncoding } from './web/immutable-assets';
import type { InstanceSubscriptions } from './instance-subscription';

/** The services' public reads (marked by platform publicReads): the one copy of their answers is kept here. */
const PUBLIC_READS = publicReadPaths(ALL_ROUTES);
/** The topics (= services) whose answers are kept: those with a cached public read. */
export const READ_SERVICES = (Object.keys(ROUTE_CONTRACTS) as (keyof typeof ROUTE_CONTRACTS)[]).filter(
  (s): s is ServiceName & typeof s =>
    s !== 'gateway' && s !== 'workbench' && Object.values(ROUTE_CONTRACTS[s]).some((r) => 'publicRead' in r),
);
const MAX_ENTRIES = 500;
/** A kept answer is at most this big (the news list with its full texts can be large; it is then proxied). */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;
/** Smaller answers are sent as they are (the compression middleware's threshold). */
const COMPRESS_FROM_BYTES = 1024;
const brotli = (body: Buffer) =>
  promisify(brotliCompress)(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
const gzip = (body: Buffer) => promisify(gzipCompress)(body, { level: 9 });

interface Entry {
  service: ServiceName;
  /** The service's projection position the answer was read at. */
  position: number;
  generation: number;
  /** When a time-dependent answer (a scheduled article) stops being right. */
  validUntil: number;
  headers: Record<string, string>;
  identity: Variant;
  /** Compressed once, shortly after the answer is kept (as the gateway's compression middleware would). */
  br?: Variant;
  gzip?: Variant;
  /** The 304's headers, flat ([name, value, ...]). */
  notModified: string[];
}

interface Variant {
  body: Buffer;
  /** The 200's headers, flat, worked out once. */
  ok: string[];
}

/** A proxied read that may be kept once the service answered. */
interface Fill {
  key: string;
  service: ServiceName;
  generation: number;
}

declare module 'node:http' {
  interface IncomingMessage {
    /** Set by the gateway's fast lane on a public read it does not hold: keep the service's answer. */
    readFill?: Fill;
  }
}

/** Whether the client's If-None-Match names this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
function notModified(req: IncomingMessage, etag: string): boolean {
  const given = req.headers['if-none-match'];
  if (!given) return false;
  if (given.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return given.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * The gateway's copy of the services' public reads (news, FAQs, settings, gallery, service status): answered from
 * memory before the middleware chain, so a hot public read costs about what a bare server costs. An answer is kept
 * only while nothing says it changed: every event of its service's topic newer than the position the answer was
 * read at drops it, and so does every write proxied through this gateway to that service (from the moment the
 * write is sent until it has been answered, reads of that service bypass the copy), so a writer reads its write at
 * once. Without an event bus nothing is kept and every read is proxied; nothing either before the process's
 * subscription has started, or once it has stopped.
 */
export class GatewayReads {
  private readonly entries = new Map<string, Entry>();
  private readonly generation: Record<string, number> = {};
  /** The newest event position seen on each service's topic. */
  private readonly seen: Record<string, number> = {};
  private readonly writing: Record<string, number> = {};
  private readonly security = securityHeaders();
  /** Hits answered from memory (tests: the copy is really used). */
  hits = 0;

  constructor(
    private readonly options: {
      /** This process's subscription to the services' events (registered on as 'reads'). */
      subscriptions?: InstanceSubscriptions;
      logger: Logger;
      clock?: () => Date;
    },
  ) {
    for (const s of READ_SERVICES) this.generation[s] = this.seen[s] = this.writing[s] = 0;
    options.subscriptions?.register('reads', READ_SERVICES, async (event, topic) => {
      this.seen[topic] = Math.max(this.seen[topic] ?? 0, event.position);
      for (const [key, entry] of this.entries) {
        if (entry.service === topic && entry.position < event.position) this.entries.delete(key);
      }
    });
  }

  /** Answers are kept only while the events that drop them come. */
  private get enabled(): boolean {
    return this.options.subscriptions?.running ?? false;
  }

  private now(): number {
    return (this.options.clock?.() ?? new Date()).getTime();
  }

  private cacheable(req: IncomingMessage): { key: string; service: ServiceName } | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (!PUBLIC_READS.some((p) => p.test(path))) return null;
    const route = resolveRoute(req.method, path);
    if (!route || route.requiresAdmin || !READ_SERVICES.includes(route.service)) return null;
    return { key: url, service: route.service };
  }

  /**
   * Runs before Express (a plain node handler): a kept answer is sent at once; any other request goes on. Only a
   * public read's URL is ever kept, so a hit needs no routing.
   */
  readonly first = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (!this.enabled || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const entry = this.entries.get(req.url ?? '/');
    if (
      entry &&
      this.writing[entry.service] === 0 &&
      entry.generation === this.generation[entry.service] &&
      this.now() < entry.validUntil
    ) {
      this.hits++;
      return this.send(req, res, entry);
    }
    const target = this.cacheable(req);
    if (!target) return next();
    if (this.writing[target.service] === 0) {
      req.readFill = { ...target, generation: this.generation[target.service]! };
    }
    next();
  };

  private send(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    if (notModified(req, entry.headers.etag!)) {
      res.writeHead(304, [...entry.notModified, 'x-request-id', id]);
      res.end();
      return;
    }
    const offered = [...(entry.br ? ['br'] : []), ...(entry.gzip ? ['gzip'] : [])];
    const encoding = offered.length ? acceptedEncoding(req.headers['accept-encoding'], offered) : undefined;
    const variant = encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gzip! : entry.identity;
    res.writeHead(200, [...variant.ok, 'x-request-id', id]);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  }

  /**
   * A write to `service` is being proxied: its kept answers are dropped now and again when the write is answered,
   * and none is served or kept in between.
   */
  beginWrite(service: ServiceName, res: ServerResponse): void {
    if (!(service in this.writing)) return;
    this.invalidate(service);
    this.writing[service]!++;
    res.once('close', () => {
      this.writing[service]!--;
      this.invalidate(service);
    });
  }

  private invalidate(service: ServiceName): void {
    this.generation[service]!++;
    for (const [key, entry] of this.entries) if (entry.service === service) this.entries.delete(key);
  }

  /** The service answered a request: a write drops the kept answers before the client sees it; a public read is kept. */
  onServiceAnswer(proxyRes: IncomingMessage, req: IncomingMessage, service: ServiceName): void {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      if (service in this.writing) this.invalidate(service);
      return;
    }
    // The bookkeeping headers of the services' public reads stay between the service and the gateway.
    const position = Number(proxyRes.headers[READ_POSITION_HEADER]);
    const validUntil = proxyRes.headers[READ_VALID_UNTIL_HEADER];
    delete proxyRes.headers[READ_POSITION_HEADER];
    delete proxyRes.headers[READ_VALID_UNTIL_HEADER];
    const fill = req.readFill;
    if (
      !fill ||
      req.method !== 'GET' ||
      proxyRes.statusCode !== 200 ||
      !Number.isFinite(position) ||
      proxyRes.headers['content-encoding'] ||
      proxyRes.headers['set-cookie'] ||
      !proxyRes.headers.etag
    ) {
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'cache-control', 'etag', 'link']) {
      const v = proxyRes.headers[name];
      if (typeof v === 'string') headers[name] = v;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    proxyRes.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    proxyRes.once('end', () => {
      const keep =
        size <= MAX_BODY_BYTES &&
        this.enabled &&
        this.writing[service] === 0 &&
        this.generation[service] === fill.generation &&
        position >= (this.seen[service] ?? 0);
      if (!keep) return;
      const body = Buffer.concat(chunks);
      // The ETag stays the service's for every encoding, as on the proxied path (the compression middleware
      // keeps it), so a validator from either path revalidates with 304; Vary tells caches the bytes differ.
      const all: Record<string, string> = { ...this.security, ...headers, vary: 'Accept-Encoding' };
      const { 'content-type': _type, ...withoutType } = all;
      const variant = (bytes: Buffer, encoding?: string): Variant => ({
        body: bytes,
        ok: Object.entries({
          ...all,
          ...(encoding && { 'content-encoding': encoding }),
          'content-length': String(bytes.length),
        }).flat(),
      });
      const entry: Entry = {
        service,
        position,
        generation: fill.generation,
        validUntil: typeof validUntil === 'string' ? Date.parse(validUntil) : Infinity,
        headers,
        identity: variant(body),
        notModified: Object.entries(withoutType).flat(),
      };
      this.entries.delete(fill.key);
      this.entries.set(fill.key, entry);
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      if (body.length >= COMPRESS_FROM_BYTES) {
        void Promise.all([brotli(body), gzip(body)]).then(
          ([b, g]) => {
            entry.br = variant(b, 'br');
            entry.gzip = variant(g, 'gzip');
          },
          (err: unknown) => this.options.logger.warn({ err }, 'public reads: compression failed'),
        );
      }
    });
  }
}
