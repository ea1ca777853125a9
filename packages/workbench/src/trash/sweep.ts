import {
  type Logger,
  type LeaderElection,
  type Metrics,
  startLeaderTask,
  type RunningTask,
} from '@12yards/platform';
import { purgeTrash, trashCutoff, type TrashSource } from './source';

/** How often the trash is swept by default. */
export const TRASH_SWEEP_MS = 60 * 60 * 1000;

/** Deletes for good what has lain in the trash longer than TRASH_RETENTION_DAYS on the service's clock. */
export async function sweepTrash(
  ctx: { clock: () => Date; logger: Logger },
  sources: readonly TrashSource[],
): Promise<number> {
  const now = ctx.clock();
  const purged = await purgeTrash(sources, now, { actor: 'trash-sweep' }, trashCutoff(now));
  if (purged > 0) ctx.logger.info({ purged }, 'items past their time in the trash deleted for good');
  return purged;
}

/** The sweep now and every `intervalMs`, on the service's leader only. */
export function startTrashSweep(
  ctx: { clock: () => Date; logger: Logger; leader: LeaderElection; metrics: Metrics },
  sources: readonly TrashSource[],
  intervalMs = TRASH_SWEEP_MS,
): Promise<RunningTask> {
  return startLeaderTask(ctx, {
    name: 'trash sweep',
    intervalMs,
    run: () => sweepTrash(ctx, sources),
    counter: { name: 'trash_sweeps_total', help: 'Trash sweeps this process ran (only the leader sweeps)' },
  });
}
