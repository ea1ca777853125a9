import { z } from 'zod';
import { coercedInt } from './common';

/**
 * Lists that can grow answer one page at a time: `?limit=&cursor=`. The body stays the array of items (what SPEC's
 * clients read), and the next page, when there is one, is named by an RFC 8288 `Link` header with rel="next" whose
 * URL carries the opaque cursor. The cursor is base64url of JSON `[sortValue..., id]` of the page's last row.
 */
export const PAGE_DEFAULT = 20;
export const PAGE_MAX = 100;

/** Page size: a whole number from 1 to PAGE_MAX in decimal notation, default PAGE_DEFAULT. */
export const pageLimit = coercedInt(PAGE_DEFAULT, 1, PAGE_MAX);

export interface PagePosition {
  values: (string | number | boolean)[];
  id: string;
}

export const toBase64Url = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string) => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

export function encodeCursor(position: PagePosition): string {
  return toBase64Url(JSON.stringify([...position.values, position.id]));
}

const scalar = z.union([z.string().max(200), z.number(), z.boolean()]);
const CURSOR_MESSAGE = 'must be the cursor of a previous page';

/**
 * An opaque cursor: base64url of JSON that `decode` turns into the position it names (throwing when it cannot);
 * anything else is refused with one message.
 */
export function opaqueCursor<T>(decode: (json: unknown) => T) {
  return z
    .string({ error: CURSOR_MESSAGE })
    .max(1000, CURSOR_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+$/, CURSOR_MESSAGE)
    .transform((text, ctx): T => {
      try {
        return decode(JSON.parse(fromBase64Url(text)));
      } catch {
        ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
        return z.NEVER;
      }
    });
}

/** A list's cursor, decoded into the position it names. */
export const pageCursor = opaqueCursor((json): PagePosition => {
  const parts = z.array(scalar).min(1).max(4).parse(json);
  const id = parts.at(-1);
  if (typeof id !== 'string' || id === '') throw new Error('no id');
  return { values: parts.slice(0, -1), id };
});

/** The query parameters every paginated list accepts. */
export const pageQuery = z.object({
  limit: pageLimit,
  cursor: pageCursor.optional(),
});
export type PageQuery = z.output<typeof pageQuery>;

/** A text search of the admin lists: trimmed, at most 100 characters, blank means none. */
export const searchText = z
  .string({ error: 'must be a text' })
  .trim()
  .max(100, 'must be at most 100 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

// Reading a page's Link header lives in ./page-link (no zod), so a browser bundle that needs only it leaves the
// schemas out.
/**
 * A list filter that is on or absent: `?name=true` keeps only the rows it names (a dashboard figure's list); any other
 * value is a 400 with a message.
 */
export const listFlag = (name: string) =>
  z
    .enum(['true'], { error: `${name} must be true when given` })
    .optional()
    .transform((v) => v === 'true');

export { nextCursorOf, type Page } from './page-link';

/** The `Link` header naming the next page: the same path and query, with that cursor. */
export function nextLink(originalUrl: string, cursor: string): string {
  const [path, query = ''] = originalUrl.split('?');
  const params = new URLSearchParams(query);
  params.set('cursor', cursor);
  return `<${path}?${params.toString()}>; rel="next"`;
}
