import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { MEDIAN_WINDOW_DAYS, MESSAGE_AWAIT_HOURS, throwIfResNotOk, type Insights } from '@12yards/api';
import { Button, Card, CardContent, Input, Label } from '@12yards/ui';
import { formatDate } from '../lib/format';
import { useLiveConnected } from '../lib/live-context';
import { Loading, LoadError, TabHeader } from '../components/QueryState';
import { Figure, listHref } from './dashboard/Figure';
import { Renewals } from './dashboard/Renewals';
import { Pipeline, Section, WeeklyFigure, endOfDay, today } from './dashboard/sections';

export const INSIGHTS_KEY = ['/api/admin/insights'];
/** Polled this often while the live stream is down (with it, each live event refetches the figures). */
export const INSIGHTS_POLL_MS = 30_000;

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
