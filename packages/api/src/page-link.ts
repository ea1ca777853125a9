// No zod here: a browser bundle that reads pages (the public /news) must not pull the schemas in.

/** One page as a client holds it: the items and the cursor of the next page, null on the last one. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The cursor of the rel="next" link of an answer, or null when it was the last page. */
export function nextCursorOf(linkHeader: string | null | undefined): string | null {
  if (!linkHeader) return null;
  for (const part of linkHeader.split(',')) {
    const m = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (!m) continue;
    const query = m[1]!.split('?')[1] ?? '';
    return new URLSearchParams(query).get('cursor');
  }
  return null;
}
