import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { partnerStatuses, type Insights, type StatusCounts } from '@12yards/api';
import { formatDate } from '../../lib/format';
import type { WeekRow } from './WeeklyChart';
import { Figure, listHref } from './Figure';

// The chart library comes with the Dashboard only: its own chunk, loaded when the tab first shows a chart.
const WeeklyChart = lazy(() => import('./WeeklyChart'));

const TYPE_LABELS = { club: 'Football clubs', influencer: 'Influencers' } as const;

/** YYYY-MM-DD of today, in the admin's own calendar. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The end of that calendar day in the admin's time zone, as an instant. */
export function endOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}

const shortWeek = (weekStart: string) =>
  new Date(`${weekStart}T00:00:00`).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

function statusesOf(counts: StatusCounts): string[] {
  return partnerStatuses.filter((s) => s in counts);
}

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
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
export function Pipeline({ insights }: { insights: Insights }) {
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
export function WeeklyFigure({ insights }: { insights: Insights }) {
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
