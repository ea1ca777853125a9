import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '@12yards/platform';

export interface ThrottleOptions {
  /** Login attempts per IP per window. */
  perIp: number;
  /** Failed logins per username per window. */
  perUsername: number;
  windowSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { perIp: 20, perUsername: 5, windowSeconds: 15 * 60 };

const tooMany = (res: RateLimiterRes) => {
  const err = new HttpError(429, 'too_many_requests', 'Too many login attempts. Please wait and try again.');
  err.headers['Retry-After'] = String(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
  return err;
};

/** Login throttling: every attempt counts against the IP, failures against the username. */
export class LoginThrottle {
  private readonly ip: RateLimiterMemory;
  private readonly user: RateLimiterMemory;

  constructor(private readonly options: ThrottleOptions = DEFAULT_THROTTLE) {
    this.ip = new RateLimiterMemory({
      keyPrefix: 'login-ip',
      points: options.perIp,
      duration: options.windowSeconds,
    });
    this.user = new RateLimiterMemory({
      keyPrefix: 'login-user',
      points: options.perUsername,
      duration: options.windowSeconds,
    });
  }

  /** Throws 429 when the IP or the username is over its limit. */
  async before(ip: string, username: string): Promise<void> {
    const state = await this.user.get(username.toLowerCase());
    if (state && state.consumedPoints >= this.options.perUsername) throw tooMany(state);
    try {
      await this.ip.consume(ip);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooMany(res);
      throw res;
    }
  }

  async failed(username: string): Promise<void> {
    await this.user.penalty(username.toLowerCase(), 1);
  }

  async succeeded(username: string): Promise<void> {
    await this.user.delete(username.toLowerCase());
  }
}
