import { lazy, Suspense, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RefreshCw } from 'lucide-react';
import {
  MEDIAN_WINDOW_DAYS,
  MESSAGE_AWAIT_HOURS,
  partnerStatuses,
  throwIfResNotOk,
  type Insights,
  type StatusCounts,
} from '@12yards/api';
import { Button, Card, CardContent, Input, Label } from '@12yards/ui';
import { formatDate } from '../lib/format';
import { useLiveConnected } from '../lib/live-context';
import { Loading, LoadError, TabHeader } from '../components/QueryState';
import type { WeekRow } from './dashboard/WeeklyChart';
import { Figure, listHref } from './dashboard/Figure';
import { Renewals } from './dashboard/Renewals';

export const INSIGHTS_KEY = ['/api/admin/insights'];
/** Polled this often while the live stream is down (with it, each live event refetches the figures). */
export const INSIGHTS_POLL_MS = 30_000;

// The chart library comes with the Dashboard only: its own chunk, loaded when the tab first shows a chart.
const WeeklyChart = lazy(() => import('./dashboard/WeeklyChart'));

const TYPE_LABELS = { club: 'Football clubs', influencer: 'Influencers' } as const;

/** YYYY-MM-DD of today, in the admin's own calendar. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The end of that calendar day in the admin's time zone, as an instant. */
function endOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}

const shortWeek = (weekStart: string) =>
  new Date(`${weekStart}T00:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

function statusesOf(counts: StatusCounts): string[] {
  return partnerStatuses.filter((s) => s in counts);
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mb-6">
      <h3 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The pipeline: applications by status, all and per type, each a link to the filtered Applications list. */
function Pipeline({ insights }: { insights: Insights }) {
  const all = insights.partnersByStatus;
  if (!all) return <p className="text-sm text-muted-foreground">The partners service did not answer.</p>;
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {statusesOf(all).map((status) => (
          <Figure
            key={status}
            label={status}
            value={all[status] ?? 0}
            href={listHref('partners', { status })}
          />
        ))}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Applications by status and type</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-3">
                Type
              </th>
              {statusesOf(all).map((s) => (
                <th key={s} scope="col" className="py-1 pr-3">
                  {s}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Object.entries(insights.partnersByType ?? {}).map(([type, counts]) => (
              <tr key={type} className="border-t">
                <th scope="row" className="py-1 pr-3 text-left font-medium">
                  {TYPE_LABELS[type as keyof typeof TYPE_LABELS] ?? type}
                </th>
                {statusesOf(all).map((status) => (
                  <td key={status} className="py-1 pr-3 tabular-nums">
                    <Link className="underline" to={listHref('partners', { status, type })}>
                      {counts[status] ?? 0}
                      <span className="sr-only">
                        {' '}
                        {TYPE_LABELS[type as keyof typeof TYPE_LABELS] ?? type} {status}
                      </span>
                    </Link>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The weekly chart with its text summary and its table view. */
function WeeklyFigure({ insights }: { insights: Insights }) {
  const applications = insights.applicationsPerWeek;
  const partners = insights.partnersPerWeek;
  const summaryId = useId();
  if (!applications || !partners)
    return <p className="text-sm text-muted-foreground">The partners service did not answer.</p>;
  const rows: WeekRow[] = applications.map((w, i) => ({
    week: shortWeek(w.weekStart),
    applications: w.count,
    partners: partners[i]?.count ?? 0,
  }));
  const total = (series: { count: number }[]) => series.reduce((n, w) => n + w.count, 0);
  const busiest = applications.reduce((a, b) => (b.count > a.count ? b : a), applications[0]!);
  const summary =
    `Over the ${applications.length} weeks from ${formatDate(applications[0]!.weekStart)}, ` +
    `${total(applications)} new applications and ${total(partners)} partners gained. ` +
    (busiest.count > 0
      ? `Most applications in the week of ${formatDate(busiest.weekStart)} (${busiest.count}).`
      : 'No applications in that time.');
  return (
    <figure aria-describedby={summaryId}>
      <Suspense fallback={<div className="h-64 w-full" aria-hidden="true" />}>
        <WeeklyChart rows={rows} />
      </Suspense>
      <figcaption id={summaryId} className="mt-2 text-sm text-muted-foreground">
        {summary}
      </figcaption>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium">Table view</summary>
        <div className="overflow-x-auto">
          <table className="mt-2 w-full text-sm">
            <caption className="sr-only">New applications and partners gained per week</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-1 pr-3">
                  Week of
                </th>
                <th scope="col" className="py-1 pr-3">
                  New applications
                </th>
                <th scope="col" className="py-1 pr-3">
                  Partners gained
                </th>
              </tr>
            </thead>
            <tbody>
              {applications.map((w, i) => (
                <tr key={w.weekStart} className="border-t">
                  <th scope="row" className="py-1 pr-3 text-left font-normal">
                    {formatDate(w.weekStart)}
                  </th>
                  <td className="py-1 pr-3 tabular-nums">{w.count}</td>
                  <td className="py-1 pr-3 tabular-nums">{partners[i]?.count ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

const fetchInsights = async (at: string | null, signal: AbortSignal): Promise<Insights> => {
  const url = at ? `${INSIGHTS_KEY[0]}?${new URLSearchParams({ at })}` : INSIGHTS_KEY[0]!;
  const res = await fetch(url, { credentials: 'include', cache: 'no-cache', signal } as RequestInit);
  await throwIfResNotOk(res);
  return (await res.json()) as Insights;
};

/**
 * The business at a glance (issue 29): the partner pipeline, applications and partners per week, the time to a
 * first contract, renewals to chase and what waits for an answer, now or as it stood at the end of a past day.
 * Every figure links to the list it counts.
 */
export function DashboardTab() {
  const [day, setDay] = useState('');
  const live = useLiveConnected();
  const dateId = useId();
  const max = today();
  const at = day && day < max ? endOfDay(day) : null;
  const query = useQuery<Insights>({
    queryKey: [...INSIGHTS_KEY, { at }],
    queryFn: ({ signal }) => fetchInsights(at, signal),
    staleTime: 0,
    refetchOnMount: true,
    refetchInterval: live || at ? undefined : INSIGHTS_POLL_MS,
  });
  const insights = query.data;

  return (
    <section>
      <TabHeader
        title="Dashboard"
        description={
          at
            ? `As it stood at the end of ${formatDate(day)}.`
            : 'How things stand now, updated as they change.'
        }
      >
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor={dateId}>Show a past day</Label>
            <Input
              id={dateId}
              type="date"
              max={max}
              value={day}
              onChange={(e) => setDay(e.target.value)}
              className="w-44"
            />
          </div>
          {day && (
            <Button variant="outline" onClick={() => setDay('')}>
              Back to today
            </Button>
          )}
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden="true" className={query.isFetching ? 'animate-spin' : undefined} />
            Refresh
          </Button>
        </div>
      </TabHeader>
      {query.isPending ? (
        <Loading text="Loading the dashboard..." />
      ) : query.isError ? (
        <LoadError what="the dashboard" error={query.error} onRetry={() => void query.refetch()} />
      ) : insights ? (
        <Card>
          <CardContent className="p-4 sm:p-6">
            {insights.unavailable.length > 0 && (
              <p role="status" className="mb-4 rounded border border-warning/50 bg-warning/10 p-3 text-sm">
                Some figures are missing: the {insights.unavailable.join(', ')} service
                {insights.unavailable.length > 1 ? 's' : ''} did not answer.
              </p>
            )}
            <Section title="Partner pipeline">
              <Pipeline insights={insights} />
            </Section>
            <Section title="Applications and partners per week">
              <WeeklyFigure insights={insights} />
            </Section>
            <Section title="Renewals to chase">
              <Renewals
                ending={insights.contractsEnding}
                past={at !== null}
                refreshed={query.dataUpdatedAt}
              />
            </Section>
            <Section title="To follow up">
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
                <Figure
                  label="Median days to first contract"
                  value={insights.medianDaysToContract ?? (insights.partnersByStatus ? 'None' : null)}
                  hint={`first contracts of the last ${MEDIAN_WINDOW_DAYS} days`}
                  href={listHref('partners', { status: 'Partner' })}
                />
                <Figure
                  label="Messages awaiting an answer"
                  value={insights.messagesAwaiting}
                  hint={`unread or unanswered for more than ${MESSAGE_AWAIT_HOURS} hours`}
                  href={listHref('contacts', { awaiting: 'true' })}
                />
                <Figure
                  label="Overdue action items"
                  value={insights.overdueActions}
                  href={listHref('partners', { overdue: 'true' })}
                />
                <Figure
                  label="Articles scheduled to go live"
                  value={insights.scheduledArticles}
                  href={listHref('news', { scheduled: 'true' })}
                />
              </div>
            </Section>
          </CardContent>
        </Card>
      ) : null}
    </section>
  );
}
