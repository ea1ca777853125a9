import { openSqlite, SqliteReadModels } from '@12yards/platform';
import { IDLE_TIMEOUT_MS, Sessions, USER_READ_KEPT_MS } from '../src/auth/sessions';
import { AdminUsers } from '../src/auth/users';
import { readModelsSpyingGet } from './spied-read-models';

describe("a background look at a session (the live stream's check)", () => {
  it('When only looked at without touching, then the session still ends after the idle timeout; touched, it goes on', async () => {
    const models = new SqliteReadModels(openSqlite(':memory:'));
    let now = new Date('2026-11-24T10:00:00.000Z');
    const sessions = new Sessions(models, () => now);
    const user = await new AdminUsers(models, 2 ** 10).upsert({
      username: 'ops',
      password: 'quiet lantern harbour 12345',
    });
    const looked = await sessions.create(user);
    const used = await sessions.create(user);
    const later = (ms: number) => (now = new Date(now.getTime() + ms));

    later(IDLE_TIMEOUT_MS - 60_000);
    expect(await sessions.resolve(looked.token, { touch: false })).not.toBeNull();
    expect(await sessions.resolve(used.token)).not.toBeNull();
    later(2 * 60_000);
    expect(await sessions.resolve(looked.token, { touch: false })).toBeNull();
    expect(await sessions.resolve(used.token)).not.toBeNull();
  });
});

describe("a session's user, read again at most once a second", () => {
  /** Read models that count the lookups of admin_users by id (and fail the next one when told). */
  function countingUserReads() {
    const reads = { count: 0, failNext: false };
    const { models } = readModelsSpyingGet('admin_users', (target, id) => {
      reads.count++;
      if (!reads.failNext) return target.get(id);
      reads.failNext = false;
      return Promise.reject(new Error('database unreachable'));
    });
    return { models, reads };
  }

  it('When one admin makes many requests within a second, then their user is read once; a second later, again', async () => {
    const { models, reads } = countingUserReads();
    let now = new Date('2026-11-28T10:00:00.000Z');
    const sessions = new Sessions(models, () => now);
    const users = new AdminUsers(models, 2 ** 10, sessions);
    const user = await users.upsert({
      username: 'ops',
      password: 'quiet lantern harbour 12345',
      role: 'admin',
    });
    const { token } = await sessions.create(user);
    const other = await sessions.create(user);

    const side = await Promise.all(Array.from({ length: 10 }, () => sessions.resolve(token)));
    for (let i = 0; i < 5; i++) expect((await sessions.resolve(other.token))?.role).toBe('admin');
    expect(side.map((s) => s?.role)).toEqual(Array(10).fill('admin'));
    expect(reads.count).toBe(1);

    now = new Date(now.getTime() + USER_READ_KEPT_MS);
    await sessions.resolve(token);
    expect(reads.count).toBe(2);

    // Written by this process: read again at the next request, not a second later.
    await users.upsert({ username: 'ops', password: 'quiet lantern harbour 12345', role: 'admin' });
    await sessions.resolve(token);
    expect(reads.count).toBe(3);
  });

  it('When the read of the user fails, then the next request reads it again instead of failing too', async () => {
    const { models, reads } = countingUserReads();
    const sessions = new Sessions(models);
    const user = await new AdminUsers(models, 2 ** 10, sessions).upsert({
      username: 'ops',
      password: 'quiet lantern harbour 12345',
    });
    const { token } = await sessions.create(user);
    reads.failNext = true;
    await expect(sessions.resolve(token)).rejects.toThrow('database unreachable');
    expect((await sessions.resolve(token))?.username).toBe('ops');
    expect(reads.count).toBe(2);
  });
});
