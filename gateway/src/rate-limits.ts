import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type LimiterOptions = ConstructorParameters<typeof RateLimiterMemory>[0] & { keyPrefix: string };
/** Makes one rate limiter; the gateway's limits (login throttle, public forms) are all made by one of these. */
export type LimiterFactory = (options: LimiterOptions) => RateLimiterAbstract;

export const memoryLimiters: LimiterFactory = (options) => new RateLimiterMemory(options);

/**
 * Limits counted in Redis, so every gateway replica sees the same counts (keys `<namespace:>12yards:gateway:<prefix>`).
 * While Redis cannot be reached, each replica counts in its own memory instead (rate-limiter-flexible's insurance
 * limiter): the limits still hold per replica, and no request is refused or let through unlimited for it.
 */
export function redisLimiters(redis: Redis, namespace?: string): LimiterFactory {
  const base = `${namespace ? `${namespace}:` : ''}12yards:gateway`;
  return (options) =>
    new RateLimiterRedis({
      ...options,
      keyPrefix: `${base}:${options.keyPrefix}`,
      storeClient: redis,
      insuranceLimiter: new RateLimiterMemory(options),
    });
}
