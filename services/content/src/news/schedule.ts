import type { ReadModels } from '@12yards/platform';
import { newsRows } from './projection';

/**
 * When the public news list read at `now` stops being right without any event: the publish date of the next
 * scheduled (published, not yet due) article, or null when none is waiting.
 */
export async function nextPublication(models: ReadModels, now: Date): Promise<Date | null> {
  const [next] = await newsRows(models).find({
    where: { published: true, publishDate: { $gt: now.toISOString() } },
    sort: [{ field: 'publishDate', dir: 'asc' }],
    limit: 1,
  });
  return next ? new Date(next.publishDate) : null;
}
