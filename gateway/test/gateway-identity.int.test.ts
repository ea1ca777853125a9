import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { signIdentity } from '@12yards/platform';
import { TEST_SECRET } from '@12yards/platform/testing';
import { contentService } from '@12yards/content/src/definition';
import { startStack, TEST_ADMIN, TEST_EDITOR, type Stack } from '../src/testing';

type Faq = { id: string; question: string };

/** A raw HTTP request to the listening gateway (supertest cannot send Expect: 100-continue the way a client does). */
function raw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    // With Expect: 100-continue the client waits for the server's go-ahead before it finishes the request.
    if (headers.Expect) req.on('continue', () => req.end());
    else req.end();
  });
}

describe('gateway: the signed admin identity', () => {
  let stack: Stack;
  let server: http.Server;
  let port: number;
  beforeEach(async () => {
    stack = await startStack({ services: [contentService] });
    server = stack.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await stack.stop();
  });

  const loginRaw = async (who: { username: string; password: string }) => {
    const res = await request(stack.app).post('/api/auth/login').send(who).expect(200);
    return { cookie: String(res.headers['set-cookie']).split(';')[0]!, csrf: res.body.csrfToken as string };
  };
  const createFaq = async () => {
    const { agent, csrf } = await stack.login(TEST_ADMIN);
    const faq = (
      await agent
        .post('/api/admin/faqs')
        .set('X-CSRF-Token', csrf)
        .send({ question: 'Kept?', answer: 'Yes.' })
        .expect(201)
    ).body as Faq;
    return { agent, faq };
  };

  it.each([
    ['with Expect: 100-continue', { Expect: '100-continue' }],
    ['without Expect', {}],
  ])(
    'When an editor DELETEs %s carrying an admin identity signed for that very request, then 403 and the FAQ stays',
    async (_label, extra) => {
      const { agent, faq } = await createFaq();
      const editor = await loginRaw(TEST_EDITOR);
      const path = `/api/admin/faqs/${faq.id}`;
      // As if the headers of an admin's request had leaked: signed with the real secret, for this very request.
      const copied = signIdentity({ username: TEST_ADMIN.username, role: 'admin' }, TEST_SECRET, {
        method: 'DELETE',
        url: path,
        requestId: 'copied-request-id',
      });
      const res = await raw(port, 'DELETE', path, {
        ...extra,
        Cookie: editor.cookie,
        'X-CSRF-Token': editor.csrf,
        'Sec-Fetch-Site': 'same-origin',
        'X-Request-Id': 'copied-request-id',
        ...copied,
      });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 'forbidden', message: 'This action needs the admin role' },
      });
      const list = (await agent.get('/api/admin/faqs').expect(200)).body as Faq[];
      expect(list.map((f) => f.id)).toEqual([faq.id]);
    },
  );

  it('When the identity the gateway signed for one admin request is replayed, then no other route, method or second use accepts it', async () => {
    const { agent, faq } = await createFaq();
    // Through the gateway the signature fits whatever URL the admin asks for, query and odd slashes included.
    await agent.get('/api/admin/faqs?page=1&q=a/b').expect(200);
    await agent.get('/api/admin/faqs//').expect(200);
    const content = stack.services.content!.app;
    // Express calls app.handle for every request its server receives: a window on what the gateway sent.
    const seen = jest.spyOn(content as unknown as { handle: (req: http.IncomingMessage) => void }, 'handle');
    await agent.get('/api/admin/faqs').expect(200);
    const sent = seen.mock.calls.at(-1)![0] as http.IncomingMessage;
    seen.mockRestore();
    const captured = {
      'x-admin-identity': String(sent.headers['x-admin-identity']),
      'x-admin-signature': String(sent.headers['x-admin-signature']),
      'x-request-id': String(sent.headers['x-request-id']),
    };
    expect(captured['x-admin-signature']).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Straight at the service, as someone who read the headers off the wire or a log would.
    await request(content).delete(`/api/admin/faqs/${faq.id}`).set(captured).expect(401);
    await request(content)
      .post('/api/admin/faqs')
      .set(captured)
      .send({ question: 'Forged?', answer: 'No.' })
      .expect(401);
    await request(content).get('/api/admin/news').set(captured).expect(401);
    await request(content).get('/api/admin/faqs?all=1').set(captured).expect(401);
    // The very request it was signed for, a second time.
    await request(content).get('/api/admin/faqs').set(captured).expect(401);

    const list = (await agent.get('/api/admin/faqs').expect(200)).body as Faq[];
    expect(list.map((f) => f.question)).toEqual(['Kept?']);
  });
});
