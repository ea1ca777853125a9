import type { LeaderElection } from '../coordination/leader-election';
import type { Metrics } from '../observability/metrics';
import { startLeaderTask, type RunningTask } from '../coordination/periodic';
import { eraseRecords, type ErasureSite, type PersonalDataHolder, type PersonalRecord } from './erasure';

/** How often a service sweeps for personal data past its retention by default. */
export const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/** What a service keeps only for a while: the records whose last change is before the cutoff. */
export interface RetentionSource {
  expired(cutoff: Date): Promise<PersonalRecord[]>;
}

/** `months` calendar months before `now` (UTC). */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Erases what was last changed more than `months` ago on the service's clock, as an erasure does (keys deleted,
 * read models scrubbed), recorded as PersonalDataExpired with the counts and the cutoff. Answers how many records.
 */
export async function sweepRetention(
  site: ErasureSite,
  holder: PersonalDataHolder,
  source: RetentionSource,
  service: string,
  period: RetentionMonths,
): Promise<number> {
  const months = await monthsNow(period);
  const cutoff = retentionCutoff(site.clock(), months);
  const records = await source.expired(cutoff);
  if (records.length === 0) return 0;
  const counts = await eraseRecords(site, holder, records, {
    streamId: `privacy-retention-${service}`,
    type: 'PersonalDataExpired',
    // Which records (ids, never a personal field): consumers erase what they keep of them (ApplicationsExpired).
    data: {
      retentionMonths: months,
      cutoff: cutoff.toISOString(),
      records: records.map(({ kind, id }) => ({ kind, id })),
    },
    actor: 'retention-sweep',
  });
  site.logger.info({ erased: counts, retentionMonths: months }, 'personal data past its retention erased');
  return records.length;
}

/** A retention period: fixed, or read at each sweep (a setting an admin changes). */
export type RetentionMonths = number | (() => Promise<number>);

const monthsNow = (months: RetentionMonths) => (typeof months === 'number' ? months : months());

/** The retention sweep now and every `intervalMs`, on the service's leader only. */
export function startRetentionSweep(
  site: ErasureSite & { leader: LeaderElection; metrics: Metrics },
  holder: PersonalDataHolder,
  source: RetentionSource,
  service: string,
  months: RetentionMonths,
  intervalMs = RETENTION_SWEEP_MS,
): Promise<RunningTask> {
  return startLeaderTask(site, {
    name: 'retention sweep',
    intervalMs,
    run: () => sweepRetention(site, holder, source, service, months),
    counter: {
      name: 'privacy_retention_sweeps_total',
      help: 'Retention sweeps of personal data this process ran (only the leader sweeps)',
    },
  });
}
