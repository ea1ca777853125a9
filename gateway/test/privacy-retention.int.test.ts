import request from 'supertest';
import { privacyRetention } from '@12yards/api';
import { partnersService } from '@12yards/partners/src/definition';
import { startStack, TEST_EDITOR, type Stack } from '../src/testing';

/** Issue 26 item 4: the retention period, a setting an admin changes, through the gateway (to the partners service). */
describe('GET/PUT /api/admin/privacy/retention through the gateway', () => {
  jest.setTimeout(60_000);
  let stack: Stack;
  afterEach(async () => stack?.stop());

  it('When an admin sets the retention period, then every admin reads it; an editor may read but not set it; a bad value is a 400 saying why', async () => {
    stack = await startStack({ services: [partnersService] });
    const { agent, csrf } = await stack.login();
    const editor = await stack.login(TEST_EDITOR);
    expect(
      privacyRetention.parse((await editor.agent.get('/api/admin/privacy/retention').expect(200)).body),
    ).toMatchObject({ months: 24, changedBy: null });

    await editor.agent
      .put('/api/admin/privacy/retention')
      .set('X-CSRF-Token', editor.csrf)
      .send({ months: 12 })
      .expect(403);
    const bad = await agent
      .put('/api/admin/privacy/retention')
      .set('X-CSRF-Token', csrf)
      .send({ months: 0 })
      .expect(400);
    expect(JSON.stringify(bad.body)).toContain('months must be at least 1');

    const set = await agent
      .put('/api/admin/privacy/retention')
      .set('X-CSRF-Token', csrf)
      .send({ months: 12 })
      .expect(200);
    expect(set.body).toMatchObject({ months: 12, defaultMonths: 24, changedBy: 'admin' });
    expect((await editor.agent.get('/api/admin/privacy/retention').expect(200)).body.months).toBe(12);
    await request(stack.app).get('/api/admin/privacy/retention').expect(401);
  });
});
