import { openSqlite, SqliteReadModels } from '@12yards/platform';
import { IDLE_TIMEOUT_MS, Sessions } from '../src/auth/sessions';
import { AdminUsers } from '../src/auth/users';

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
