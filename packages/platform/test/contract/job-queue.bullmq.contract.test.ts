import { Redis } from 'ioredis';
import { BullmqJobQueue } from '../../src/adapters/bullmq/bullmq-job-queue';
import { jobQueueContract } from './job-queue.suite';
import { runId, withRealServer } from './real-servers';

withRealServer('redis', (env) => {
  const prefix = `contract-${runId}`;
  afterAll(async () => {
    // Leave nothing of this run in Redis.
    const redis = new Redis(env.REDIS_URL!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  jobQueueContract('redis/bullmq', async () => {
    // Short locks and stall checks, so that a job whose worker died is taken again within a second.
    const options = {
      url: env.REDIS_URL!,
      prefix,
      pollMs: 10,
      lockDurationMs: 1_000,
      stalledIntervalMs: 300,
    };
    const queues = [new BullmqJobQueue(options)];
    return {
      queue: queues[0]!,
      crashWorkerArgs: ['bullmq', JSON.stringify(options)],
      reopen: async () => {
        const queue = new BullmqJobQueue(options);
        queues.push(queue);
        return queue;
      },
      cleanup: async () => {
        for (const queue of queues) await queue.close();
      },
    };
  });
});
