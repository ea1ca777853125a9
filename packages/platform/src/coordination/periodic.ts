import type { Logger } from '../observability/logging';
import type { LeaderElection } from './leader-election';
import type { Metrics } from '../observability/metrics';

export interface LeaderTask {
  /** What the logs and the runs counter call it. */
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
  /** A counter of the runs this process made (only the leader runs), present from the start at 0. */
  counter?: { name: string; help: string };
}

export interface RunningTask {
  /** Runs the task now if this process leads (or waits for the run in progress). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs singleton work (a sweep) now and then every `intervalMs`, on the service's leader only: with replicas one
 * process runs it, and a follower that starts to lead runs it at once. Runs never overlap; the timer does not keep
 * the process alive; stop() clears it and waits for a run in progress, so the store is not closed under it.
 */
export async function startLeaderTask(
  ctx: { leader: LeaderElection; logger: Logger; metrics: Metrics },
  task: LeaderTask,
): Promise<RunningTask> {
  const runs = task.counter && ctx.metrics.counter(task.counter);
  runs?.inc(0);
  let running: Promise<void> | undefined;
  const runNow = () => {
    if (!ctx.leader.isLeader) return Promise.resolve();
    running ??= task
      .run()
      .then(() => undefined)
      .catch((err) => ctx.logger.error({ err, task: task.name }, `${task.name} failed`))
      .finally(() => {
        runs?.inc();
        running = undefined;
      });
    return running;
  };
  await runNow();
  const timer = setInterval(() => void runNow(), task.intervalMs);
  timer.unref();
  const unsubscribe = ctx.leader.onChange((leads) => leads && void runNow());
  return {
    runNow,
    async stop() {
      unsubscribe();
      clearInterval(timer);
      await running;
    },
  };
}
