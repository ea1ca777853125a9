import { z } from 'zod';
import { pageQuery } from './pagination';
import { partnerTypes } from './partners';

/**
 * The admin dashboard (`GET /api/admin/insights`): how the business stands now, or as it stood at the end of a past
 * moment (`?at=`), computed by each service from projections its events keep (counters and time series), composed
 * by the gateway.
 */

/** Weeks in the dashboard's time series, the last one being the week of the moment asked for. */
export const INSIGHT_WEEKS = 12;
/** The window of the median days from application to first contract, ending at the moment asked for. */
export const MEDIAN_WINDOW_DAYS = 90;
/** A message unread or unanswered for longer than this counts as awaiting an answer. */
export const MESSAGE_AWAIT_HOURS = 48;
/** The horizons of the renewals to chase, in days after the moment asked for. */
export const CONTRACT_ENDING_DAYS = [30, 60, 90] as const;

const AT_MESSAGE = 'at must be a date-time with a time zone (2026-11-22T10:00:00Z)';

/** `?at=`: an ISO 8601 date-time with a zone, not in the future (the dashboard as it stood then). */
export const insightsQuery = z.object({
  at: z.iso
    .datetime({ offset: true, error: AT_MESSAGE })
    .refine((v) => Date.parse(v) <= Date.now(), 'at must not be in the future')
    .refine((v) => new Date(v).getUTCFullYear() >= 2000, 'at must be in the year 2000 or later')
    .transform((v) => new Date(v).toISOString())
    .optional(),
});
export type InsightsQuery = z.infer<typeof insightsQuery>;

/** Count per partner status: at least Pending, In Progress and Partner, plus any other status in use. */
export const statusCounts = z
  .object({ Pending: z.number().int(), 'In Progress': z.number().int(), Partner: z.number().int() })
  .catchall(z.number().int());
export type StatusCounts = z.infer<typeof statusCounts>;

/** One week of a time series: its Monday (00:00 UTC, YYYY-MM-DD) and what happened in it. */
export const weekCount = z.object({ weekStart: z.iso.date(), count: z.number().int() });
export type WeekCount = z.infer<typeof weekCount>;

/** The partners service's part of the dashboard. */
export const partnersInsights = z.object({
  partnersByStatus: statusCounts,
  partnersByType: z.record(z.enum(partnerTypes), statusCounts),
  applicationsPerWeek: z.array(weekCount),
  partnersPerWeek: z.array(weekCount),
  /** Median days from application to first contract, over the first contracts of the last 90 days (none: null). */
  medianDaysToContract: z.number().nullable(),
  /** Messages unread or unanswered, received more than 48 hours before. */
  messagesAwaiting: z.number().int(),
  /** Open action items whose due date has passed. */
  overdueActions: z.number().int(),
});
export type PartnersInsights = z.infer<typeof partnersInsights>;

/** The contracts service's part: active contracts whose end date falls within 30, 60, 90 days. */
export const contractsInsights = z.object({
  contractsEnding: z.object({
    within30: z.number().int(),
    within60: z.number().int(),
    within90: z.number().int(),
  }),
});
export type ContractsInsights = z.infer<typeof contractsInsights>;

/** The content service's part: published news articles whose publish date is still ahead. */
export const contentInsights = z.object({ scheduledArticles: z.number().int() });
export type ContentInsights = z.infer<typeof contentInsights>;

/** The services that answer a part of the dashboard. */
export const INSIGHT_SERVICES = ['partners', 'contracts', 'content'] as const;
export const insightService = z.enum(INSIGHT_SERVICES);
export type InsightService = z.infer<typeof insightService>;

/**
 * The whole dashboard as the gateway composes it. The figures of a service that did not answer are null, and the
 * service is named in `unavailable`.
 */
export const insights = z.object({
  /** The moment the figures describe (the `at` asked for, or when they were read). */
  at: z.iso.datetime({ offset: true }),
  partnersByStatus: statusCounts.nullable(),
  partnersByType: partnersInsights.shape.partnersByType.nullable(),
  applicationsPerWeek: z.array(weekCount).nullable(),
  partnersPerWeek: z.array(weekCount).nullable(),
  medianDaysToContract: z.number().nullable(),
  contractsEnding: contractsInsights.shape.contractsEnding.nullable(),
  messagesAwaiting: z.number().int().nullable(),
  overdueActions: z.number().int().nullable(),
  scheduledArticles: z.number().int().nullable(),
  unavailable: z.array(insightService),
});
export type Insights = z.infer<typeof insights>;

const DAY_MS = 86_400_000;

/** The Monday 00:00 UTC of the week holding this instant. */
export function weekStartOf(instant: Date): Date {
  const day = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The Mondays of the INSIGHT_WEEKS weeks ending with the week of `at`, oldest first. */
export function insightWeeks(at: Date): Date[] {
  const last = weekStartOf(at).getTime();
  return Array.from(
    { length: INSIGHT_WEEKS },
    (_, i) => new Date(last - (INSIGHT_WEEKS - 1 - i) * 7 * DAY_MS),
  );
}

/** `GET /api/admin/contracts/ending?within=`: the horizon in days (30, 60 or 90, default 90), one page at a time. */
export const endingContractsQuery = pageQuery.extend({
  within: z
    .enum(['30', '60', '90'], { error: 'within must be 30, 60 or 90' })
    .default('90')
    .transform(Number),
});
export type EndingContractsQuery = z.output<typeof endingContractsQuery>;

/**
 * An active contract whose end date falls from today to `within` days after (the renewals the dashboard counts),
 * soonest first, with its partner's name as the contracts service knows it (null when it does not).
 */
export const endingContract = z.object({
  id: z.string(),
  partnerId: z.string(),
  partnerName: z.string().nullable(),
  companyName: z.string(),
  endDate: z.iso.date(),
});
export type EndingContract = z.infer<typeof endingContract>;
