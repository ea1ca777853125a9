import request from 'supertest';
import { createLogger, openSqlite, SqliteReadModels } from '@12yards/platform';
import { TEST_SECRET } from '@12yards/platform/testing';
import { contentService } from '@12yards/content/src/definition';
import { join } from 'node:path';
import { USER_READ_KEPT_MS } from '../src/auth/sessions';
import { AdminUsers, type AdminUser } from '../src/auth/users';
import { bootstrapAdmin } from '../src/bootstrap-admin';
import { gatewayEnv } from '../src/config';
import { startStack, TEST_ADMIN, type Stack } from '../src/testing';

/**
 * The users are changed the way `npm run admin:create` and the bootstrap admin change them: another AdminUsers on
 * the same storage (another process, in production).
 */
describe('sessions end when the user changes (ASVS 5.0 7.4.3)', () => {
  let stack: Stack;
  let db: ReturnType<typeof openSqlite>;
  let users: AdminUsers;
  /** The stack's clock: real time, moved on by a test. */
  let ahead = 0;
  beforeEach(async () => {
    ahead = 0;
    stack = await startStack({ services: [contentService], clock: () => new Date(Date.now() + ahead) });
    db = openSqlite(join(stack.dataDir, 'gateway.sqlite'));
    users = new AdminUsers(new SqliteReadModels(db), 2 ** 14);
  });
  afterEach(async () => {
    db.close();
    await stack.stop();
  });

  const newFaq = async (agent: request.Agent, csrf: string) =>
    (
      await agent
        .post('/api/admin/faqs')
        .set('X-CSRF-Token', csrf)
        .send({ question: 'Q?', answer: 'A.', sortOrder: 1 })
        .expect(201)
    ).body.id as string;

  it("When the admin's password is changed, then the old session gets 401 and the new password logs in", async () => {
    const { agent, csrf } = await stack.login();
    await agent.get('/api/auth/me').expect(200);
    await users.upsert({ username: 'admin', password: 'a brand new passphrase 2026', role: 'admin' });
    await agent.get('/api/auth/me').expect(401);
    await agent.get('/api/admin/faqs').expect(401);
    await agent
      .post('/api/admin/faqs')
      .set('X-CSRF-Token', csrf)
      .send({ question: 'Q', answer: 'A' })
      .expect(401);
    await stack.login({ username: 'admin', password: 'a brand new passphrase 2026' });
  });

  it('When the gateway starts with a new ADMIN_PASSWORD for that admin, then the old session gets 401', async () => {
    const { agent } = await stack.login();
    const env = gatewayEnv.parse({
      INTERNAL_SECRET: TEST_SECRET,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'the password after the restart',
    });
    await bootstrapAdmin(env, users, createLogger('gateway', 'silent'));
    await agent.get('/api/auth/me').expect(401);
  });

  it('When an admin is demoted to editor, then the old session is ended and deletes nothing', async () => {
    const { agent, csrf } = await stack.login();
    const id = await newFaq(agent, csrf);
    await users.upsert({ ...TEST_ADMIN, role: 'editor' });
    await agent.delete(`/api/admin/faqs/${id}`).set('X-CSRF-Token', csrf).expect(401);
    // Logged in again, as the editor they now are: still no delete.
    const again = await stack.login();
    await again.agent.delete(`/api/admin/faqs/${id}`).set('X-CSRF-Token', again.csrf).expect(403);
    const list = (await again.agent.get('/api/admin/faqs').expect(200)).body as Array<{ id: string }>;
    expect(list.map((f) => f.id)).toContain(id);
  });

  it("When the user's role changes in storage behind a live session, then from a second later every request has the new role", async () => {
    const { agent, csrf } = await stack.login();
    const id = await newFaq(agent, csrf);
    const admin = (await users.findByUsername('admin'))!;
    await new SqliteReadModels(db).collection<AdminUser>('admin_users').update(admin.id, { role: 'editor' });
    ahead += USER_READ_KEPT_MS;
    expect((await agent.get('/api/auth/me').expect(200)).body.user).toEqual({
      username: 'admin',
      role: 'editor',
    });
    await agent.delete(`/api/admin/faqs/${id}`).set('X-CSRF-Token', csrf).expect(403);
  });

  it('When a user is deactivated in storage, then their session ends within a second', async () => {
    const { agent } = await stack.login();
    const admin = (await users.findByUsername('admin'))!;
    await new SqliteReadModels(db).collection<AdminUser>('admin_users').update(admin.id, { isActive: false });
    ahead += USER_READ_KEPT_MS;
    await agent.get('/api/auth/me').expect(401);
    // Ended for good: active again, the old cookie still opens nothing.
    await new SqliteReadModels(db).collection<AdminUser>('admin_users').update(admin.id, { isActive: true });
    ahead += USER_READ_KEPT_MS;
    await agent.get('/api/auth/me').expect(401);
  });

  it('When the same password and role are given again (the bootstrap admin at each start), then the session goes on', async () => {
    const { agent } = await stack.login();
    await users.upsert({ ...TEST_ADMIN, role: 'admin' });
    await agent.get('/api/auth/me').expect(200);
  });

  it("When another user's password changes, then this session goes on", async () => {
    const { agent } = await stack.login();
    await users.upsert({ username: 'editor', password: 'another fresh passphrase 77', role: 'editor' });
    await agent.get('/api/auth/me').expect(200);
  });
});
