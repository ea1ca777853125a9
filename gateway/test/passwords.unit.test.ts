import request from 'supertest';
import { createLogger, loadConfig, openSqlite, SqliteReadModels } from '@12yards/platform';
import { TEST_SECRET } from '@12yards/platform/testing';
import { buildGateway } from '../src/app';
import { adminCreateEnv, gatewayEnv } from '../src/config';
import { DEFAULT_SCRYPT, hashParams, hashPassword, verifyPassword } from '../src/auth/passwords';
import { AdminUsers, type AdminUser } from '../src/auth/users';

jest.mock('../src/auth/passwords', () => {
  const actual = jest.requireActual('../src/auth/passwords');
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword) };
});

const memoryModels = () => new SqliteReadModels(openSqlite(':memory:'));

describe('password hashes', () => {
  it('When a hash is made, then its scrypt parameters travel with it and it verifies', async () => {
    const stored = await hashPassword('correct horse battery staple', 2 ** 10);
    expect(hashParams(stored)).toEqual({ N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('wrong horse battery staple', stored)).toBe(false);
    expect(hashParams('plain-text')).toBeNull();
  });

  it('When the gateway runs with the default configuration, then a new admin hash stores N = 131072', async () => {
    const env = gatewayEnv.parse({ INTERNAL_SECRET: TEST_SECRET });
    expect(env.SCRYPT_N).toBe(131072);
    const user = await new AdminUsers(memoryModels(), env.SCRYPT_N).upsert({
      username: 'alice',
      password: 'correct horse battery staple',
      role: 'admin',
    });
    const [scheme, n, r, p] = user.passwordHash.split('$');
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(['scrypt', 131072, 8, 1]);
    expect(DEFAULT_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('When a user is unknown, then the decoy hash has the configured parameters, made once', async () => {
    for (const N of [2 ** 10, 2 ** 12]) {
      const users = new AdminUsers(memoryModels(), N);
      const real = await users.upsert({
        username: 'bob',
        password: 'a quiet harbour at dawn',
        role: 'editor',
      });
      const decoy = await users.decoyHash();
      expect(hashParams(decoy)).toEqual({ N, r: 8, p: 1 });
      expect(hashParams(decoy)).toEqual(hashParams(real.passwordHash));
      expect(users.decoyHash()).toBe(users.decoyHash());
    }
  });

  it('When a login names an unknown or inactive user, then the password is verified against a hash with the configured parameters', async () => {
    const env = gatewayEnv.parse({
      NODE_ENV: 'test',
      INTERNAL_SECRET: TEST_SECRET,
      SCRYPT_N: String(2 ** 12),
    });
    const models = memoryModels();
    const { app, users } = buildGateway({ env, logger: createLogger('gateway', 'silent'), models });
    const carol = await users.upsert({
      username: 'carol',
      password: 'lantern over the river',
      role: 'editor',
    });
    await models.collection<AdminUser>('admin_users').update(carol.id, { isActive: false });
    const verify = jest.mocked(verifyPassword);
    for (const username of ['nobody', 'carol']) {
      verify.mockClear();
      await request(app)
        .post('/api/auth/login')
        .send({ username, password: 'lantern over the river' })
        .expect(401);
      expect(verify).toHaveBeenCalledTimes(1);
      expect(hashParams(verify.mock.calls[0]![1])).toEqual({ N: 2 ** 12, r: 8, p: 1 });
    }
  });
});

describe('SCRYPT_N', () => {
  const base = { INTERNAL_SECRET: TEST_SECRET };

  it('When not in production, then a low N is allowed (tests use it)', () => {
    expect(gatewayEnv.parse({ ...base, NODE_ENV: 'test', SCRYPT_N: '1024' }).SCRYPT_N).toBe(1024);
    expect(gatewayEnv.parse({ ...base, SCRYPT_N: '16384' }).SCRYPT_N).toBe(16384);
    expect(gatewayEnv.safeParse({ ...base, SCRYPT_N: '512' }).success).toBe(false);
    expect(gatewayEnv.safeParse({ ...base, SCRYPT_N: '100000' }).success).toBe(false); // not a power of two
  });

  it('When NODE_ENV=production, then N below 2^17 is refused, for the gateway and for admin:create', () => {
    for (const schema of [gatewayEnv, adminCreateEnv]) {
      const low = schema.safeParse({ ...base, NODE_ENV: 'production', SCRYPT_N: String(2 ** 16) });
      expect(low.success).toBe(false);
      expect(low.error?.issues.map((i) => i.path.join('.'))).toEqual(['SCRYPT_N']);
      expect(schema.parse({ ...base, NODE_ENV: 'production' }).SCRYPT_N).toBe(2 ** 17);
      expect(schema.parse({ ...base, NODE_ENV: 'production', SCRYPT_N: String(2 ** 18) }).SCRYPT_N).toBe(
        2 ** 18,
      );
    }
  });

  it('When the production gateway starts with a low N, then it stops with one line naming SCRYPT_N', () => {
    const lines: string[] = [];
    const write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const exit = jest.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    try {
      expect(() => loadConfig(gatewayEnv, { ...base, NODE_ENV: 'production', SCRYPT_N: '16384' })).toThrow(
        'exit 1',
      );
    } finally {
      write.mockRestore();
      exit.mockRestore();
    }
    expect(lines).toEqual([
      'Configuration error: SCRYPT_N: must be at least 131072 (2^17) when NODE_ENV=production\n',
    ]);
  });
});
