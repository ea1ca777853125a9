import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { createLogger, IDENTITY_HEADER, SIGNATURE_HEADER } from '@12yards/platform';
import { TEST_SECRET } from '@12yards/platform/testing';
import { createProxies } from '../src/proxy';

describe('the headers a service receives through the gateway', () => {
  const seen: IncomingHttpHeaders[] = [];
  let service: http.Server;
  let target: string;
  beforeAll(async () => {
    service = http.createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    service.listen(0, '127.0.0.1');
    await new Promise((r) => service.once('listening', r));
    target = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    service.closeAllConnections();
    await new Promise((r) => service.close(r));
  });

  it('When an admin’s write is proxied, then the service gets the signed identity but never the session cookie nor the CSRF token', async () => {
    const proxies = createProxies(
      { status: target, content: target, partners: target, contracts: target, media: target },
      TEST_SECRET,
      createLogger('test', 'silent'),
      { maxInFlight: 4, maxQueued: 4, queueTimeoutMs: 1000 },
    );
    const app = express();
    // As the gateway's gate leaves a request it let through: its id, and the admin it signed in.
    app.use((req, _res, next) => {
      Object.assign(req, { id: 'req-1', admin: { username: 'alice', role: 'admin' } });
      next();
    });
    app.use(proxies.status);

    await request(app)
      .put('/api/admin/service-status/auctions')
      .set('Cookie', '12y_session=the-session-cookie; 12y_device=the-device')
      .set('X-CSRF-Token', 'the-csrf-token')
      .set('X-Something-Else', 'kept')
      .send({ status: 'issue' })
      .expect(200);

    expect(seen).toHaveLength(1);
    const headers = seen[0]!;
    expect(headers.cookie).toBeUndefined();
    expect(headers['x-csrf-token']).toBeUndefined();
    expect(JSON.stringify(headers)).not.toMatch(/the-session-cookie|the-device|the-csrf-token/);
    expect(headers['x-something-else']).toBe('kept');
    expect(headers[IDENTITY_HEADER]).toBeDefined();
    expect(headers[SIGNATURE_HEADER]).toBeDefined();
  });
});
