import { HttpError } from '@12yards/platform';
import { LoginThrottle, type ThrottleOptions } from '../src/auth/throttle';

const OPTIONS: ThrottleOptions = {
  consecutiveFails: 3,
  consecutiveBlockSeconds: 60,
  ipFailsPerDay: 5,
  ipBlockSeconds: 3600,
  usernameFailsPerDay: 8,
  usernameBlockSeconds: 600,
};

/** The status of one attempt that fails (the password was wrong): 'ok' when it was let through, else 429. */
const fail = async (t: LoginThrottle, ip: string, username: string, device?: string) => {
  try {
    await t.attempt(ip, username, device);
    return 'ok';
  } catch (err) {
    if (err instanceof HttpError) return `${err.status} after ${err.headers['Retry-After']}s`;
    throw err;
  }
};

describe('login throttle (rate-limiter-flexible login protection, clock faked)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.parse('2026-11-24T09:00:00Z') });
  });
  afterEach(() => jest.useRealTimers());

  it('When one IP fails on one username too often, then that pair is blocked for a while, then let through again', async () => {
    const t = new LoginThrottle(OPTIONS);
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(await fail(t, 'A', 'admin'));
    expect(codes).toEqual(['ok', 'ok', 'ok', '429 after 60s', '429 after 60s']);
    // The same username from another address, and another username from this one, are not blocked.
    expect(await fail(t, 'B', 'admin')).toBe('ok');
    expect(await fail(t, 'A', 'editor')).toBe('ok');
    jest.advanceTimersByTime(59_000);
    expect(await fail(t, 'A', 'admin')).toBe('429 after 1s');
    jest.advanceTimersByTime(1_000);
    expect(await fail(t, 'A', 'admin')).toBe('ok');
  });

  it('When the username is given in another case or with spaces, then it counts as the same username', async () => {
    const t = new LoginThrottle(OPTIONS);
    for (const name of ['admin', 'Admin', ' ADMIN ']) expect(await fail(t, 'A', name)).toBe('ok');
    expect(await fail(t, 'A', 'admin')).toMatch(/^429/);
  });

  it('When a success follows failures, then the pair starts again, and the wider counts do not see it as a failure', async () => {
    const t = new LoginThrottle(OPTIONS);
    expect(await fail(t, 'A', 'admin')).toBe('ok');
    expect(await fail(t, 'A', 'admin')).toBe('ok');
    await (await t.attempt('A', 'admin')).succeeded();
    // Without the reset this pair would be at 4 failures (blocked at 3); the IP is at 2 failures, not 3.
    expect(await fail(t, 'A', 'admin')).toBe('ok');
    expect(await fail(t, 'A', 'admin')).toBe('ok');
    expect(await fail(t, 'A', 'admin')).toBe('ok');
    expect(await fail(t, 'A', 'other')).toMatch(/^429/); // the IP's 6th failure of the day
  });

  it('When an IP fails across many usernames, then it is blocked for the day whatever username it tries', async () => {
    const t = new LoginThrottle(OPTIONS);
    for (let i = 0; i < 5; i++) expect(await fail(t, 'A', `user${i}`)).toBe('ok');
    expect(await fail(t, 'A', 'user9')).toBe('429 after 3600s');
    expect(await fail(t, 'B', 'user9')).toBe('ok');
  });

  it('When one username fails from many IPs, then it is blocked (the slower, wider limit), from every IP', async () => {
    const t = new LoginThrottle(OPTIONS);
    for (let i = 0; i < 8; i++) expect(await fail(t, `10.0.0.${i}`, 'admin')).toBe('ok');
    expect(await fail(t, '10.0.0.99', 'admin')).toBe('429 after 600s');
    expect(await fail(t, '10.0.0.100', 'editor')).toBe('ok');
    jest.advanceTimersByTime(600_000);
    expect(await fail(t, '10.0.0.101', 'admin')).toBe('ok');
  });

  it('When one IP is blocked, then its further tries do not count against the username', async () => {
    const t = new LoginThrottle(OPTIONS);
    for (let i = 0; i < 5; i++) await fail(t, 'A', `user${i}`);
    for (let i = 0; i < 50; i++) expect(await fail(t, 'A', 'admin')).toMatch(/^429/);
    expect(await fail(t, 'B', 'admin')).toBe('ok');
  });

  it('When a login comes from a known device, then the username-wide block does not apply and its failures count per device', async () => {
    const t = new LoginThrottle(OPTIONS);
    for (let i = 0; i < 9; i++) await fail(t, `10.0.0.${i}`, 'admin');
    expect(await fail(t, 'B', 'admin')).toMatch(/^429/); // blocked for everyone without a device cookie...
    expect(await t.attempt('B', 'admin', 'device-1')).toBeDefined(); // ...but not from the admin's device
    // The device has its own consecutive-failure limit, whatever address it comes from.
    expect(await fail(t, 'C', 'admin', 'device-1')).toBe('ok');
    expect(await fail(t, 'D', 'admin', 'device-1')).toBe('ok');
    expect(await fail(t, 'E', 'admin', 'device-1')).toMatch(/^429/);
    expect(await fail(t, 'E', 'admin', 'device-2')).toBe('ok');
  });

  it('When an attempt is refunded (the server was too busy to check it), then it does not count', async () => {
    const t = new LoginThrottle(OPTIONS);
    for (let i = 0; i < 10; i++) await (await t.attempt('A', 'admin')).refund();
    expect(await fail(t, 'A', 'admin')).toBe('ok');
  });

  it('When the username limit is not above the per-IP one, then the throttle is refused (one IP could lock a user out)', () => {
    expect(() => new LoginThrottle({ ...OPTIONS, usernameFailsPerDay: 5 })).toThrow(
      /larger than ipFailsPerDay/,
    );
  });
});
