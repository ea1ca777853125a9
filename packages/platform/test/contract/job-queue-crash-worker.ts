// A worker process for the job-queue crash tests: opens the queue as a service start would, takes one job of the
// given name and kills itself (SIGKILL: no cleanup, no failure recorded) while running it.
// `node --import tsx job-queue-crash-worker.ts <name> sqlite <file>` or `... <name> bullmq <json options>`
import { BullmqJobQueue } from '../../src/adapters/bullmq/bullmq-job-queue';
import { openSqlite } from '../../src/embedded/sqlite';
import { SqliteJobQueue } from '../../src/embedded/sqlite-job-queue';

const [name, kind, arg] = process.argv.slice(2) as [string, 'sqlite' | 'bullmq', string];
const queue =
  kind === 'sqlite'
    ? new SqliteJobQueue(openSqlite(arg), { pollMs: 10 })
    : new BullmqJobQueue(JSON.parse(arg));
void queue.worker(name, async (_data, ctx) => {
  process.stdout.write(`attempt ${ctx.attempt}\n`);
  process.kill(process.pid, 'SIGKILL');
  await new Promise(() => undefined);
});
