import type { Request, Response } from 'express';

/**
 * Optimistic concurrency for admin edits. An entity's version is the version of its event stream; single-entity
 * admin answers carry it as a strong ETag ("3"), admin list items as a `version` field. A PUT or DELETE that sends
 * `If-Match: "3"` is applied only while the stream is still at version 3 (else 412, nothing written); without
 * If-Match (or with `*`) it is applied as before.
 */

/** A version ETag: a strong entity tag holding only the stream version. */
export const VERSION_ETAG = /^"(\d+)"$/;

export const versionEtag = (version: number): string => `"${version}"`;

/** Sets the entity's version as its ETag. */
export function setVersionEtag(res: Response, version: number): void {
  res.setHeader('ETag', versionEtag(version));
}

/**
 * The versions an If-Match header names, or undefined when it sets no precondition (absent, empty or `*`).
 * A weak or foreign entity tag names no version, so it never matches (RFC 9110 compares If-Match strongly).
 */
export function ifMatchVersions(req: Pick<Request, 'headers'>): number[] | undefined {
  const header = req.headers['if-match'];
  if (header === undefined) return undefined;
  const tags = header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.length === 0 || tags.includes('*')) return undefined;
  return tags.flatMap((t) => {
    const m = VERSION_ETAG.exec(t);
    return m ? [Number(m[1])] : [];
  });
}

/** An admin view of a read-model row with the row's version added (list items and single answers alike). */
export function withVersion<Row extends { version: number }, View extends object>(view: (row: Row) => View) {
  return (row: Row): View & { version: number } => ({ ...view(row), version: row.version });
}
