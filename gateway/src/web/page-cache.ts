import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** A rendered answer, compressed once when rendered instead of at every request. */
export interface CachedAnswer {
  status: number;
  contentType: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export async function cachedAnswer(status: number, contentType: string, body: string): Promise<CachedAnswer> {
  const identity = Buffer.from(body, 'utf8');
  const [br, gzip] = await Promise.all([
    brotli(identity, {
      params: {
        // Not 11: a page is compressed when an event makes it render again, and a reader may be waiting. On the home
        // page (118 KB) quality 11 took 296 ms for 17.2 KB, quality 9 34 ms for 18.8 KB (build-time assets keep 11).
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gz(identity, { level: 9 }),
  ]);
  const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  return { status, contentType, identity, gzip, br, etag };
}

export interface Rendered {
  answer: CachedAnswer;
  /** False when the answer was made without some of its data: it is served once, not kept. */
  keep: boolean;
}

/**
 * The read model of the public pages: each answer is rendered once and kept until an event says what it shows
 * has changed (`invalidate`). Concurrent requests for a page being rendered share that one render; a render that
 * started before an invalidation is served to the requests that waited for it but is not kept. With `maxEntries`,
 * the least recently read answer is dropped when one more is kept.
 */
export class PageCache {
  constructor(private readonly maxEntries = Infinity) {}

  private generation = 0;
  private readonly entries = new Map<
    string,
    { generation: number; answer: Promise<CachedAnswer>; render: () => Promise<Rendered> }
  >();
  /** How many renders ran (tests and logs: nothing is rendered per request when nothing changed). */
  renders = 0;

  get(key: string, render: () => Promise<Rendered>): Promise<CachedAnswer> {
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation) {
      // The Map keeps insertion order: a read moves the entry to the end, so the first is the least recent.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.answer;
    }
    const generation = this.generation;
    this.renders++;
    const answer = render().then(
      (r) => {
        if (!r.keep || generation !== this.generation) this.drop(key, answer);
        return r.answer;
      },
      (err: unknown) => {
        this.drop(key, answer);
        throw err;
      },
    );
    this.entries.set(key, { generation, answer, render });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return answer;
  }

  /** How many answers are held. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Everything rendered so far is out of date. With `rerender`, the answers that were held are rendered again at
   * once, so the next reader of a page that was being read finds it ready instead of waiting for its render.
   */
  invalidate(rerender = false): void {
    this.generation++;
    const held = [...this.entries];
    this.entries.clear();
    if (!rerender) return;
    // A failed render is dropped (get) and tried again by the next reader; nobody waits for this one.
    for (const [key, entry] of held) this.get(key, entry.render).catch(() => undefined);
  }

  private drop(key: string, answer: Promise<CachedAnswer>) {
    if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
  }
}
