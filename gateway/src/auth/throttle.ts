import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from '@12yards/platform';
import { memoryLimiters, type LimiterFactory } from '../rate-limits';

/**
 * rate-limiter-flexible's login-protection pattern. Each limit counts failed logins and blocks for a while once
 * it is reached. Durations stay within a day: the memory store's expiry timers cannot run longer than ~24 days.
 */
export interface ThrottleOptions {
  /** Consecutive failures of one username from one IP (reset by a success there) before that pair is blocked. */
  consecutiveFails: number;
  consecutiveBlockSeconds: number;
  /** Failures from one IP per day, whatever the usernames. */
  ipFailsPerDay: number;
  ipBlockSeconds: number;
  /**
   * Failures of one username per day from every IP: more than one IP can reach before its own limits stop it, so
   * an attacker at one address cannot lock an admin out of another.
   */
  usernameFailsPerDay: number;
  usernameBlockSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  consecutiveFails: 5,
  consecutiveBlockSeconds: 15 * 60,
  ipFailsPerDay: 100,
  ipBlockSeconds: 24 * 60 * 60,
  usernameFailsPerDay: 500,
  usernameBlockSeconds: 60 * 60,
};

const DAY_SECONDS = 24 * 60 * 60;

const tooMany = (res: RateLimiterRes) => {
  const err = new HttpError(429, 'too_many_requests', 'Too many login attempts. Please wait and try again.');
  err.headers['Retry-After'] = String(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
  return err;
};

/** One login attempt, counted as a failure from the start so concurrent guesses cannot all pass the check. */
export interface LoginAttempt {
  /** The password was right. */
  succeeded(): Promise<void>;
  /** The password could not be checked (the server was busy): the attempt does not count. */
  refund(): Promise<void>;
}

export class LoginThrottle {
  private readonly userIp: RateLimiterAbstract;
  private readonly ip: RateLimiterAbstract;
  private readonly user: RateLimiterAbstract;

  /** `limiters` decides where the counts live: this process's memory, or Redis shared by every replica. */
  constructor(options: ThrottleOptions = DEFAULT_THROTTLE, limiters: LimiterFactory = memoryLimiters) {
    if (options.usernameFailsPerDay <= options.ipFailsPerDay) {
      throw new Error(
        'usernameFailsPerDay must be larger than ipFailsPerDay, or one IP could lock a user out',
      );
    }
    this.userIp = limiters({
      keyPrefix: 'login-user-ip',
      points: options.consecutiveFails,
      duration: DAY_SECONDS,
      blockDuration: options.consecutiveBlockSeconds,
    });
    this.ip = limiters({
      keyPrefix: 'login-ip',
      points: options.ipFailsPerDay,
      duration: DAY_SECONDS,
      blockDuration: options.ipBlockSeconds,
    });
    this.user = limiters({
      keyPrefix: 'login-user',
      points: options.usernameFailsPerDay,
      duration: DAY_SECONDS,
      blockDuration: options.usernameBlockSeconds,
    });
  }

  /**
   * Counts an attempt as a failure, or throws 429 (with Retry-After) when a limit is reached. The narrowest limit
   * is charged first and a refusal stops there: a blocked IP adds nothing to the username's count. From a known
   * device (its id from a valid device cookie) the consecutive failures are counted per device instead of per IP,
   * and the username-wide limit does not apply: failures elsewhere cannot lock that device's user out.
   */
  async attempt(ip: string, username: string, device?: string | null): Promise<LoginAttempt> {
    const name = username.trim().toLowerCase();
    const pair = device ? `${name}\u0000device:${device}` : `${name}\u0000${ip}`;
    try {
      await this.userIp.consume(pair);
      await this.ip.consume(ip);
      if (!device) await this.user.consume(name);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooMany(res);
      throw res;
    }
    const giveBack = async () => {
      await this.ip.reward(ip, 1);
      if (!device) await this.user.reward(name, 1);
    };
    return {
      // A success was no failure: the pair starts again, the wider counts get their point back.
      succeeded: async () => {
        await this.userIp.delete(pair);
        await giveBack();
      },
      refund: async () => {
        await this.userIp.reward(pair, 1);
        await giveBack();
      },
    };
  }
}
