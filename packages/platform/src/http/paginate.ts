import type { Request, Response } from 'express';
import { encodeCursor, nextLink, type PageQuery } from '@12yards/api';
import type { Collection, Document, FindOptions, SortKey } from '../ports';
import { HttpError } from './errors';

export interface PageRequest<T extends Document> {
  where?: FindOptions<T>['where'];
  /** The list's order; the id is its tie-break (see the ReadModels port). Sort fields must never be null. */
  sort: SortKey<T>[];
  search?: FindOptions<T>['search'];
  page: PageQuery;
}

/**
 * One page of a list by keyset: the rows after the cursor's position, at most `limit` of them; when more follow,
 * the answer gets a `Link: <same URL with the next cursor>; rel="next"` header.
 */
export async function findPage<T extends Document>(
  rows: Collection<T>,
  req: Request,
  res: Response,
  { where, sort, search, page }: PageRequest<T>,
): Promise<T[]> {
  if (page.cursor && page.cursor.values.length !== sort.length) {
    // A well-formed cursor of another list: the same answer as a malformed one.
    throw new HttpError(
      400,
      'validation_failed',
      'Invalid input: cursor: must be the cursor of a previous page',
    );
  }
  const found = await rows.find({
    ...(where && { where }),
    sort,
    limit: page.limit + 1,
    ...(page.cursor && { after: page.cursor }),
    ...(search && search.text && { search }),
  });
  const items = found.slice(0, page.limit);
  if (found.length > page.limit) {
    const last = items.at(-1)!;
    const values = sort.map((s) => (last as Record<string, unknown>)[s.field] as string | number | boolean);
    res.set('Link', nextLink(req.originalUrl, encodeCursor({ values, id: last.id })));
  }
  return items;
}
