import { handleCommand, type ServiceContext } from '@12yards/platform';
import { isoDay } from '../options';
import { contractDecider } from './decide';
import { streamId } from './events';
import { contractRows } from './projection';

/**
 * Ends every contract whose end date (YYYY-MM-DD) is before today on the service's clock (UTC): one ContractEnded
 * each. The read model only proposes candidates; the contract's own stream decides, so a contract already ended by
 * an earlier sweep or by another instance running the same sweep at the same time is not ended twice (the second
 * append loses on the expected version, decides again and finds nothing to do). Returns how many were ended.
 */
export async function endExpiredContracts(ctx: ServiceContext): Promise<number> {
  const at = ctx.clock();
  const due = await contractRows(ctx.infra.readModels).find({
    where: { ended: { $ne: true }, endDate: { $lt: isoDay(at) } },
    sort: [{ field: 'endDate', dir: 'asc' }],
  });
  let ended = 0;
  for (const row of due) {
    try {
      const { events } = await handleCommand(
        ctx.infra.eventStore,
        streamId(row.id),
        contractDecider,
        { type: 'EndContract', id: row.id, at },
        { actor: 'system' },
      );
      ended += events.length;
    } catch (err) {
      // One contract's trouble must not keep the others from ending; the next sweep tries it again.
      ctx.logger.warn({ err, contractId: row.id }, 'contract not ended; the next sweep tries again');
    }
  }
  if (ended > 0) {
    await ctx.projector.catchUp();
    ctx.logger.info({ ended }, 'contracts past their end date ended');
  }
  return ended;
}

/**
 * Runs the expiry sweep now and then every `intervalMs`, on the service's leader only (with replicas, one process
 * sweeps; a follower that starts to lead sweeps at once). The timer does not keep the process alive; stop() clears
 * it and waits for a sweep in progress, so the store is not closed under it.
 */
export async function startExpirySweep(
  ctx: ServiceContext,
  intervalMs: number,
): Promise<{ stop(): Promise<void> }> {
  const sweeps = ctx.metrics.counter({
    name: 'contract_expiry_sweeps_total',
    help: 'Contract expiry sweeps this process ran (only the leader sweeps)',
  });
  sweeps.inc(0);
  let running: Promise<unknown> | undefined;
  const sweep = () => {
    if (!ctx.leader.isLeader) return Promise.resolve();
    running ??= endExpiredContracts(ctx)
      .catch((err) => ctx.logger.error({ err }, 'contract expiry sweep failed'))
      .finally(() => {
        sweeps.inc();
        running = undefined;
      });
    return running;
  };
  await sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  const unsubscribe = ctx.leader.onChange((leads) => leads && void sweep());
  return {
    async stop() {
      unsubscribe();
      clearInterval(timer);
      await running;
    },
  };
}
