import request from 'supertest';
import { statusService } from '@12yards/status/src/definition';
import { startStack, TEST_ADMIN, type Stack } from '../src/testing';

interface LogLine {
  service: string;
  req?: { method: string; url: string; headers: Record<string, unknown> };
  res?: { statusCode: number; headers?: Record<string, unknown> };
}

/** Every log line of the gateway and the status service, parsed. */
function captureLogs() {
  const raw: string[] = [];
  return {
    destination: { write: (line: string) => void raw.push(line) },
    text: () => raw.join(''),
    lines: () => raw.map((l) => JSON.parse(l) as LogLine),
  };
}

describe('gateway: secrets never reach the logs', () => {
  let stack: Stack;
  let logs: ReturnType<typeof captureLogs>;
  beforeEach(async () => {
    logs = captureLogs();
    stack = await startStack({ services: [statusService], logs: logs.destination });
  });
  afterEach(async () => stack.stop());

  it('When an admin logs in and changes a status, then no cookie, CSRF token, password, bearer token or signed identity is logged', async () => {
    const agent = request.agent(stack.app);
    const login = await agent.post('/api/auth/login').send(TEST_ADMIN).expect(200);
    const csrf = login.body.csrfToken as string;
    const session = /12y_session=([^;]+)/.exec(String(login.headers['set-cookie']))![1]!;
    await agent
      .put('/api/admin/service-status/auctions')
      .set('X-CSRF-Token', csrf)
      .send({ status: 'issue' })
      .expect(200);
    await request(stack.app)
      .get('/api/service-status')
      .set('Authorization', 'Bearer a-bearer-token-that-must-not-be-logged')
      .expect(200);

    const text = logs.text();
    // The requests were logged, with their headers (so the checks below look at real lines).
    const lines = logs.lines();
    const loginLine = lines.find((l) => l.req?.url === '/api/auth/login' && l.service === 'gateway');
    expect(loginLine?.res?.statusCode).toBe(200);
    const serviceWrite = lines.find((l) => l.service === 'status' && l.req?.method === 'PUT');
    expect(serviceWrite?.res?.statusCode).toBe(200);
    expect(Object.keys(serviceWrite?.req?.headers ?? {})).toEqual(
      expect.arrayContaining(['x-admin-identity', 'x-admin-signature']),
    );

    expect(session.length).toBeGreaterThan(20);
    expect(text).not.toContain(session);
    expect(text).not.toContain(csrf);
    expect(text).not.toContain(TEST_ADMIN.password);
    expect(text).not.toContain('a-bearer-token-that-must-not-be-logged');
    for (const line of lines) {
      for (const header of [
        'cookie',
        'x-csrf-token',
        'authorization',
        'x-admin-identity',
        'x-admin-signature',
      ]) {
        const value = line.req?.headers?.[header];
        if (value !== undefined) expect([header, value]).toEqual([header, '[Redacted]']);
      }
      const setCookie = line.res?.headers?.['set-cookie'];
      if (setCookie !== undefined) expect(setCookie).toBe('[Redacted]');
    }
  });
});
