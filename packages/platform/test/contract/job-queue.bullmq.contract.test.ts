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
    const queue = new BullmqJobQueue({ url: env.REDIS_URL!, prefix, pollMs: 10 });
    return { queue, cleanup: () => queue.close() };
  });
});
