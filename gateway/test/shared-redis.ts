import { Redis } from 'ioredis';

/** The real Redis of `npm run infra:up` (or REDIS_URL), which the gateway processes of a test share. */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:16379';

/** Whether that Redis answers; with CI=true it must (the caller throws). */
export async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
