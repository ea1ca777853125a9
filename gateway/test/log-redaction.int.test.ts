import request from 'supertest';
import { statusService } from '@12yards/status/src/definition';
import { startStack, TEST_ADMIN, type Stack } from '../src/testing';

interface LogLine {
  service: string;
  msg?: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
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
    const agent = request.agent(stack.app).set('Sec-Fetch-Site', 'same-origin');
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
    // Every request was logged, each as one short line: method, path, status, time; no header at all.
    const lines = logs.lines();
    const loginLine = lines.find((l) => l.req?.url === '/api/auth/login' && l.service === 'gateway');
    expect(loginLine?.res).toEqual({ statusCode: 200 });
    expect(loginLine?.msg).toMatch(/^POST \/api\/auth\/login 200 \d+ ms$/);
    const serviceWrite = lines.find((l) => l.service === 'status' && l.req?.method === 'PUT');
    expect(serviceWrite?.res).toEqual({ statusCode: 200 });
    expect(Object.keys(serviceWrite!.req!).sort()).toEqual(['id', 'method', 'url']);
    expect(text).not.toContain('"headers"');
    expect(text).not.toMatch(/x-admin-(identity|signature)/);

    expect(session.length).toBeGreaterThan(20);
    expect(text).not.toContain(session);
    expect(text).not.toContain(csrf);
    expect(text).not.toContain(TEST_ADMIN.password);
    expect(text).not.toContain('a-bearer-token-that-must-not-be-logged');
  });

  it("When a URL carries a password, token, secret, key or a person's email in its query, then the logged URL has those values redacted", async () => {
    const query =
      'email=fan%40example.com&password=hunter2-in-a-url&accessToken=tok-in-a-url&client_secret=sec-in-a-url&api_key=key-in-a-url&page=2';
    await request(stack.app).get(`/api/service-status?${query}`);

    const lines = logs.lines().filter((l) => l.req?.url?.startsWith('/api/service-status?'));
    expect(lines.length).toBeGreaterThan(0);
    const redacted =
      '/api/service-status?email=[Redacted]&password=[Redacted]&accessToken=[Redacted]&client_secret=[Redacted]&api_key=[Redacted]&page=2';
    for (const line of lines) {
      expect(line.req?.url).toBe(redacted);
      expect(line.msg?.startsWith(`GET ${redacted} `)).toBe(true);
    }
    expect(logs.text()).not.toMatch(/(hunter2|tok|sec|key)-in-a-url/);
    expect(logs.text()).not.toMatch(/fan(%40|@)example\.com/);
  });
});
