import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CONTRACT_ENDING_DAYS, type EndingContract, type Insights } from '@12yards/api';
import { LoadMore } from '../../components/LoadMore';
import { QueryList } from '../../kit/QueryStates';
import { formatDate } from '../../lib/format';
import { usePagedList } from '../../lib/pages';
import { Figure, listHref } from './Figure';

export const ENDING_KEY = '/api/admin/contracts/ending';
type Horizon = (typeof CONTRACT_ENDING_DAYS)[number];

/** The horizon the address chose (?ending=30), 90 days when none. */
export const horizonOf = (value: string | null): Horizon =>
  CONTRACT_ENDING_DAYS.find((days) => String(days) === value) ?? 90;

/**
 * The renewals to chase: contracts ending within 30, 60 and 90 days, each figure a link to the list below of the
 * contracts it counts (soonest first), each contract a link to its partner in the Applications tab. The list is
 * today's, also when the figures show a past day (`past`). `refreshed` changes whenever the figures were read again
 * (a live event): the list is read again with them.
 */
export function Renewals({
  ending,
  past,
  refreshed,
}: {
  ending: Insights['contractsEnding'];
  past: boolean;
  refreshed: number;
}) {
  const [search] = useSearchParams();
  const horizon = horizonOf(search.get('ending'));
  const list = usePagedList<EndingContract>([ENDING_KEY, { within: String(horizon) }], {
    staleTime: 0,
    refetchOnMount: true,
  });
  const { refetch } = list;
  useEffect(() => {
    if (refreshed) void refetch();
  }, [refreshed, refetch]);
  const headingId = useId();

  if (!ending) return <p className="text-sm text-muted-foreground">The contracts service did not answer.</p>;
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {CONTRACT_ENDING_DAYS.map((days) => (
          <Figure
            key={days}
            label={`Contracts ending within ${days} days`}
            value={ending[`within${days}`]}
            href={listHref('dashboard', { ending: String(days) })}
            current={days === horizon}
          />
        ))}
      </div>
      <div>
        <h4 id={headingId} className="mb-1 font-medium">
          Contracts ending within {horizon} days{past ? ' from today' : ''}
        </h4>
        {past && (
          <p className="mb-2 text-sm text-muted-foreground">
            The list shows the contracts as they stand today.
          </p>
        )}
        <QueryList
          query={list}
          items={list.items}
          texts={{
            loading: 'Loading contracts...',
            errorWhat: 'the contracts',
            empty: `No contract ends within ${horizon} days.`,
          }}
          labelledBy={headingId}
          className="divide-y rounded-md border"
          itemClassName="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 p-3 text-sm"
        >
          {(c) => (
            <>
              <span className="min-w-0">
                <Link className="font-medium underline" to={listHref('partners', { id: c.partnerId })}>
                  <bdi>{c.partnerName ?? c.companyName}</bdi>
                </Link>{' '}
                <span className="text-muted-foreground">
                  <bdi>{c.companyName}</bdi>
                </span>
              </span>
              <span className="tabular-nums">Ends {formatDate(c.endDate)}</span>
            </>
          )}
        </QueryList>
        <LoadMore list={list} />
      </div>
    </div>
  );
}
