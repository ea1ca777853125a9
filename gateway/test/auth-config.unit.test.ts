import { openSqlite, SqliteReadModels } from '@12yards/platform';
import { TEST_SECRET } from '@12yards/platform/testing';
import { WEAK_PASSWORD_MESSAGE } from '@12yards/api';
import { gatewayEnv } from '../src/config';
import { AdminUsers } from '../src/auth/users';

const base = { INTERNAL_SECRET: TEST_SECRET };
const issues = (vars: Record<string, string>) =>
  gatewayEnv.safeParse({ ...base, ...vars }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ??
  [];

describe('TRUST_PROXY', () => {
  it('When it is not set (or none/false/0), then no proxy is trusted', () => {
    expect(gatewayEnv.parse(base).TRUST_PROXY).toBe(false);
    for (const v of ['', 'none', 'false', '0'])
      expect(gatewayEnv.parse({ ...base, TRUST_PROXY: v }).TRUST_PROXY).toBe(false);
  });

  it('When it is a number, then that many hops are trusted', () => {
    expect(gatewayEnv.parse({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(gatewayEnv.parse({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it('When it lists addresses, subnets or Express names, then they are kept as a list', () => {
    expect(gatewayEnv.parse({ ...base, TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    expect(gatewayEnv.parse({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ,fd00::/8' }).TRUST_PROXY).toEqual(
      ['10.0.0.0/8', '127.0.0.1', 'fd00::/8'],
    );
  });

  it('When it is not something Express understands, or `true` (every hop), then the configuration is refused', () => {
    expect(issues({ TRUST_PROXY: 'true' })).toEqual([
      "TRUST_PROXY: give a hop count or the proxies' addresses, not true",
    ]);
    expect(issues({ TRUST_PROXY: 'proxy.example' })[0]).toMatch(
      /^TRUST_PROXY: not an address, subnet or hop count/,
    );
    expect(issues({ TRUST_PROXY: '10.0.0.0/99' })[0]).toMatch(/^TRUST_PROXY: /);
  });
});

describe('ADMIN_PASSWORD and the password policy', () => {
  it('When the bootstrap admin password breaks the policy, then the configuration is refused with the reason', () => {
    const admin = { ADMIN_USERNAME: 'admin' };
    expect(issues({ ...admin, ADMIN_PASSWORD: 'password1234' })).toEqual([
      'ADMIN_PASSWORD: Password is too common: choose another',
    ]);
    expect(issues({ ...admin, ADMIN_PASSWORD: ' '.repeat(12) })).toEqual([
      'ADMIN_PASSWORD: Password must not be only spaces',
    ]);
    expect(issues({ ...admin, ADMIN_PASSWORD: 'x'.repeat(2000) })).toEqual([
      'ADMIN_PASSWORD: Password must be 12 to 128 characters',
    ]);
    expect(issues({ ...admin, ADMIN_PASSWORD: 'Password123!' })).toEqual([
      `ADMIN_PASSWORD: ${WEAK_PASSWORD_MESSAGE}`,
    ]);
    expect(issues({ ...admin, ADMIN_PASSWORD: 'correct horse battery staple' })).toEqual([]);
  });

  it('When admin:create or the bootstrap sets a password that breaks the policy, then nothing is stored', async () => {
    const users = new AdminUsers(new SqliteReadModels(openSqlite(':memory:')), 2 ** 10);
    for (const password of [
      'aaaaaaaaaaaa',
      'password1234',
      ' '.repeat(12),
      'alice is here 2026',
      'Password123!',
      'abababababab',
      'qwertyuiopasdf',
      '111111111112',
      'x'.repeat(2000),
    ]) {
      await expect(users.upsert({ username: 'alice', password, role: 'admin' })).rejects.toThrow();
    }
    expect(await users.count()).toBe(0);
    await users.upsert({ username: 'alice', password: 'correct horse battery staple', role: 'admin' });
    expect(await users.count()).toBe(1);
  });

  it('When two gateway replicas create the bootstrap admin at the same time, then both start and there is one admin', async () => {
    const storage = new SqliteReadModels(openSqlite(':memory:'));
    const replicas = [new AdminUsers(storage, 2 ** 10), new AdminUsers(storage, 2 ** 10)];
    const admin = { username: 'Admin', password: 'correct horse battery staple', role: 'admin' } as const;
    const created = await Promise.all(replicas.map((users) => users.upsert(admin)));
    expect(created[0]!.id).toBe(created[1]!.id);
    expect(await replicas[0]!.count()).toBe(1);
    expect(await replicas[1]!.findByUsername('admin')).toMatchObject({ role: 'admin', isActive: true });
  });

  it('When another user already has the email, then creating a user with it is refused', async () => {
    const users = new AdminUsers(new SqliteReadModels(openSqlite(':memory:')), 2 ** 10);
    await users.upsert({
      ...{ username: 'alice', password: 'correct horse battery staple' },
      email: 'a@club.example',
    });
    await expect(
      users.upsert({ username: 'bob', password: 'another fine passphrase 42', email: 'a@club.example' }),
    ).rejects.toThrow('email a@club.example is already used');
  });
});
