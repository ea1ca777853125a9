import {
  MEDIAN_WINDOW_DAYS,
  MESSAGE_AWAIT_HOURS,
  partnerStatuses,
  partnersInsights,
  partnerTypes,
  type PartnersInsights,
  type StatusCounts,
} from '@12yards/api';
import { type ReadModels, type ServiceContext } from '@12yards/platform';
import { insightsRoutes, weeklySeries } from '@12yards/workbench';
import {
  APPLICATIONS,
  insightCounters,
  openActions,
  openMessages,
  partnerInsightRows,
  PARTNERS_GAINED,
  STATUS_KEYS,
} from './projection';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Always shown, even at zero; the other statuses only when some partner is in them. */
const SHOWN_STATUSES = ['Pending', 'In Progress', 'Partner'];

/** The counts per status of the counters' values, the usual three first. */
function byStatus(values: Record<string, number>, type?: string): StatusCounts {
  const counts: Record<string, number> = {};
  for (const status of partnerStatuses) {
    const n = (type ? [type] : partnerTypes).reduce(
      (sum, t) => sum + (values[`status|${t}|${status}`] ?? 0),
      0,
    );
    if (n !== 0 || SHOWN_STATUSES.includes(status)) counts[status] = n;
  }
  return counts as StatusCounts;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const m = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(m * 10) / 10;
}

/** The partners service's part of the dashboard at the end of `at` (null: now). */
export async function partnersInsightsAt(
  models: ReadModels,
  at: Date | null,
  now: Date,
): Promise<PartnersInsights> {
  const moment = at ?? now;
  const statusValues = at
    ? Object.fromEntries(
        await Promise.all(
          STATUS_KEYS.map(async (k) => [k, await insightCounters.valueAt(models, k, at)] as const),
        ),
      )
    : await insightCounters.current(models, STATUS_KEYS);
  const windowStart = new Date(moment.getTime() - MEDIAN_WINDOW_DAYS * DAY_MS).toISOString();
  const [applicationsPerWeek, partnersPerWeek, firsts, messagesAwaiting, overdueActions] = await Promise.all([
    weeklySeries(insightCounters, models, APPLICATIONS, at, now),
    weeklySeries(insightCounters, models, PARTNERS_GAINED, at, now),
    partnerInsightRows(models).find({
      where: { firstContractAt: { $gt: windowStart, $lte: moment.toISOString() } },
    }),
    openMessages.count(models, at, {
      receivedAt: { $lte: new Date(moment.getTime() - MESSAGE_AWAIT_HOURS * HOUR_MS).toISOString() },
    }),
    openActions.count(models, at, { dueAt: { $lte: moment.toISOString() } }),
  ]);
  return {
    partnersByStatus: byStatus(statusValues),
    partnersByType: Object.fromEntries(
      partnerTypes.map((t) => [t, byStatus(statusValues, t)]),
    ) as PartnersInsights['partnersByType'],
    applicationsPerWeek,
    partnersPerWeek,
    medianDaysToContract: median(firsts.map((f) => f.daysToContract ?? 0)),
    messagesAwaiting,
    overdueActions,
  };
}

export const partnerInsightsRoutes = (ctx: ServiceContext) =>
  insightsRoutes(ctx, partnersInsights, (at, now) => partnersInsightsAt(ctx.infra.readModels, at, now));
