import type { ReadModels } from '@12yards/platform';
import { actionRows, isOverdue } from './projection';

/** Per partner, its open action items and how many of them are past their due date at `now`. */
export async function actionCountsAt(
  models: ReadModels,
  now: Date,
): Promise<Map<string, { open: number; overdue: number }>> {
  const open = await actionRows(models).find({
    where: { isCompleted: false },
    sort: [{ field: 'order', dir: 'asc' }],
  });
  const counts = new Map<string, { open: number; overdue: number }>();
  for (const row of open) {
    const c = counts.get(row.partnerId) ?? { open: 0, overdue: 0 };
    c.open += 1;
    if (isOverdue(row, now)) c.overdue += 1;
    counts.set(row.partnerId, c);
  }
  return counts;
}

/** The partners with at least one open action item past its due date at `now` (what the dashboard's figure counts). */
export async function overduePartnerIds(models: ReadModels, now: Date): Promise<string[]> {
  const counts = await actionCountsAt(models, now);
  return [...counts].filter(([, c]) => c.overdue > 0).map(([partnerId]) => partnerId);
}
