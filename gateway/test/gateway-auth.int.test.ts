import request from 'supertest';
import { statusService } from '@12yards/status/src/definition';
import { startStack, TEST_ADMIN, TEST_EDITOR, type Stack } from '../src/testing';
import { signedAs } from '@12yards/platform/testing';
import { setAuctionsStatus } from './service-status';

describe('gateway: admin auth and the status service end to end', () => {
  let stack: Stack;
  let now: number;
  beforeEach(async () => {
    now = Date.parse('2026-11-22T09:00:00.000Z');
    stack = await startStack({
      services: [statusService],
      clock: () => new Date(now),
      throttle: {
        consecutiveFails: 3,
        consecutiveBlockSeconds: 60,
        ipFailsPerDay: 8,
        ipBlockSeconds: 60,
        usernameFailsPerDay: 9,
        usernameBlockSeconds: 60,
      },
    });
  });
  afterEach(async () => stack.stop());

  it('When anyone asks for the service status, then the four defaults are listed', async () => {
    const res = await request(stack.app).get('/api/service-status').expect(200);
    expect(res.body.map((s: { serviceName: string }) => s.serviceName)).toEqual([
      'Android App',
      'iOS App',
      'Points and Rewards',
      'Auctions',
    ]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('When a status is changed without a session, then 401 and nothing is proxied', async () => {
    const res = await request(stack.app)
      .put('/api/admin/service-status/auctions')
      .send({ status: 'issue' })
      .expect(401);
    expect(res.body).toEqual({ error: { code: 'unauthorized', message: 'Please log in as an admin' } });
    const list = (await request(stack.app).get('/api/service-status')).body;
    expect(list.find((s: { id: string }) => s.id === 'auctions').status).toBe('operational');
  });

  it('When an admin logs in and sends the CSRF token, then the change is made and visible to visitors', async () => {
    await setAuctionsStatus(stack, 'issue');
    const list = (await request(stack.app).get('/api/service-status')).body;
    expect(list.find((s: { id: string }) => s.id === 'auctions').status).toBe('issue');
  });

  it('When logging in, then the cookie is HttpOnly and SameSite=Strict and /me tells who is logged in', async () => {
    const agent = request.agent(stack.app);
    const res = await agent.post('/api/auth/login').send(TEST_ADMIN).expect(200);
    expect(res.body).toEqual({ user: { username: 'admin', role: 'admin' }, csrfToken: expect.any(String) });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/12y_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/); // only in production
    const me = await agent.get('/api/auth/me').expect(200);
    expect(me.body).toEqual(res.body);
  });

  it('When the password is wrong or the user unknown, then 401 with the exact message', async () => {
    for (const body of [
      { ...TEST_ADMIN, password: 'wrong password!!' },
      { username: 'nobody', password: 'whatever123456' },
    ]) {
      const res = await request(stack.app).post('/api/auth/login').send(body).expect(401);
      expect(res.body.error.message).toBe('Invalid username or password');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('When the login form is empty, then 400 names the missing fields', async () => {
    const res = await request(stack.app)
      .post('/api/auth/login')
      .send({ username: '', password: '' })
      .expect(400);
    expect(res.body.error.details.map((d: { message: string }) => d.message)).toEqual([
      'Username is required',
      'Password is required',
    ]);
  });

  it('When a username fails too often from one IP, then 429 with Retry-After there, even with the right password', async () => {
    for (let i = 0; i < 3; i++) {
      await request(stack.app)
        .post('/api/auth/login')
        .send({ ...TEST_ADMIN, password: `bad password ${i}` })
        .expect(401);
    }
    const res = await request(stack.app).post('/api/auth/login').send(TEST_ADMIN).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another user from the same IP is not locked out by that username's failures.
    await request(stack.app).post('/api/auth/login').send(TEST_EDITOR).expect(200);
  });

  it('When one IP tries too many logins, then 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) {
      codes.push(
        (
          await request(stack.app)
            .post('/api/auth/login')
            .send({ username: `u${i}`, password: 'x'.repeat(12) })
        ).status,
      );
    }
    expect(codes.slice(0, 8).every((c) => c === 401)).toBe(true);
    expect(codes[8]).toBe(429);
  });

  it('When a write has no CSRF token, a wrong one or a foreign Origin, then 403', async () => {
    const { agent, csrf } = await stack.login();
    const put = () => agent.put('/api/admin/service-status/auctions');
    expect((await put().send({ status: 'issue' }).expect(403)).body.error.message).toBe(
      'Missing or invalid CSRF token',
    );
    await put().set('X-CSRF-Token', 'x'.repeat(43)).send({ status: 'issue' }).expect(403);
    const cross = await put()
      .set('X-CSRF-Token', csrf)
      .set('Origin', 'https://evil.example')
      .send({ status: 'issue' })
      .expect(403);
    expect(cross.body.error.message).toBe('Cross-site request refused');
    const list = (await request(stack.app).get('/api/service-status')).body;
    expect(list.find((s: { id: string }) => s.id === 'auctions').status).toBe('operational');
  });

  it('When a cookie write shows neither an Origin nor Sec-Fetch-Site: same-origin, then 403 and nothing changes', async () => {
    const { csrf } = await stack.login();
    const login = await request(stack.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const token = login.body.csrfToken as string;
    expect(token).not.toBe(csrf);
    const put = () =>
      request(stack.app)
        .put('/api/admin/service-status/auctions')
        .set('Cookie', cookie)
        .set('X-CSRF-Token', token);
    const bare = await put().send({ status: 'issue' }).expect(403);
    expect(bare.body.error.message).toBe('Cross-site request refused: no Origin of this site');
    await put().set('Sec-Fetch-Site', 'cross-site').send({ status: 'issue' }).expect(403);
    await put().set('Sec-Fetch-Site', 'same-site').send({ status: 'issue' }).expect(403);
    const list = (await request(stack.app).get('/api/service-status')).body;
    expect(list.find((s: { id: string }) => s.id === 'auctions').status).toBe('operational');

    await put().set('Sec-Fetch-Site', 'same-origin').send({ status: 'issue' }).expect(200);
    const host = `127.0.0.1`;
    await put().set('Host', host).set('Origin', `http://${host}`).send({ status: 'operational' }).expect(200);
  });

  it('When the status is invalid, then 400 with the zod issues in details', async () => {
    const res = await setAuctionsStatus(stack, 'broken', 400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ path: 'status', message: "status must be 'operational' or 'issue'" }),
    ]);
  });

  it('When a client forges the identity headers, then the gateway drops them and the service refuses a direct call', async () => {
    const forged = signedAs({ username: 'mallory', role: 'admin' }, 'guessed-secret-guessed-secret-guessed');
    await request(stack.app)
      .put('/api/admin/service-status/auctions')
      .use(forged)
      .send({ status: 'issue' })
      .expect(401);
    await request(stack.services.status!.app)
      .put('/api/admin/service-status/auctions')
      .use(forged)
      .send({ status: 'issue' })
      .expect(401);
  });

  it('When the admin logs out, then the session is over on the server', async () => {
    const { agent, csrf } = await stack.login();
    await agent.post('/api/auth/logout').set('X-CSRF-Token', csrf).expect(204);
    await agent.get('/api/auth/me').expect(401);
    await agent
      .put('/api/admin/service-status/auctions')
      .set('X-CSRF-Token', csrf)
      .send({ status: 'issue' })
      .expect(401);
  });

  it('When logging in again, then the session id changes and the old one is ended', async () => {
    const agent = request.agent(stack.app);
    const first = await agent.post('/api/auth/login').send(TEST_ADMIN).expect(200);
    const oldCookie = String(first.headers['set-cookie']).split(';')[0]!;
    const second = await agent.post('/api/auth/login').send(TEST_ADMIN).expect(200);
    expect(String(second.headers['set-cookie']).split(';')[0]).not.toBe(oldCookie);
    await request(stack.app).get('/api/auth/me').set('Cookie', oldCookie).expect(401);
  });

  it('When a session is idle for more than 30 minutes, then it has expired', async () => {
    const { agent } = await stack.login();
    now += 29 * 60_000;
    await agent.get('/api/auth/me').expect(200);
    now += 29 * 60_000; // active 29 min ago (touched), so still alive
    await agent.get('/api/auth/me').expect(200);
    now += 31 * 60_000;
    await agent.get('/api/auth/me').expect(401);
  });

  it('When a session is older than 12 hours, then it has expired however active it was', async () => {
    const { agent } = await stack.login();
    for (let i = 0; i < 25; i++) {
      now += 29 * 60_000;
      const res = await agent.get('/api/auth/me');
      if (i < 24) expect(res.status).toBe(200);
      else expect(res.status).toBe(401);
    }
  });

  it('When an admin-only public path is called without a session, then 401', async () => {
    await request(stack.app).get('/api/partners').expect(401);
    await request(stack.app).get('/api/contacts').expect(401);
    await request(stack.app).post('/api/news').send({}).expect(401);
    await request(stack.app).post('/api/upload').expect(401);
    await request(stack.app).get('/api/admin/media').expect(401);
    await request(stack.app).get('/api/admin/no-such-thing').expect(401);
  });

  it('When a service is down, then its routes answer 503 with Retry-After as JSON', async () => {
    const res = await request(stack.app).get('/api/faqs').expect(503);
    expect(res.body.error.code).toBe('unavailable');
    expect(res.headers['retry-after']).toBe('2');
  });
});
