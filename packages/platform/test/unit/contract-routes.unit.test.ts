import request from 'supertest';
import { z } from 'zod';
import { defineRoutes, json, named, none } from '@12yards/api/src/routes/contract';
import { createHttpApp, finishHttpApp } from '../../src/http/app';
import { contractRoutes } from '../../src/http/contract-routes';
import { createLogger } from '../../src/observability/logging';
import { signedAs, TEST_SECRET } from '../../src/testing/service';

const thing = named('Thing', z.object({ name: z.string().min(1) }));
const routes = defineRoutes({
  read: {
    method: 'get',
    path: '/api/things',
    tag: 'Things',
    summary: 'Things',
    access: 'public',
    publicRead: true,
    query: z.object({ limit: z.coerce.number().int().max(10).optional() }),
    success: [{ status: 200, description: 'The things', body: json(thing) }],
  },
  send: {
    method: 'post',
    path: '/api/things',
    tag: 'Things',
    summary: 'Send a thing',
    access: 'public',
    body: json(thing),
    success: [{ status: 201, description: 'Sent', body: json(thing) }],
  },
  edit: {
    method: 'put',
    path: '/api/admin/things/{id}',
    tag: 'Things',
    summary: 'Edit a thing',
    access: 'admin',
    versioned: true,
    params: { id: z.string() },
    body: json(thing),
    success: [{ status: 200, description: 'Edited', body: json(thing) }],
  },
  remove: {
    method: 'delete',
    path: '/api/admin/things/{id}',
    tag: 'Things',
    summary: 'Delete a thing',
    access: 'admin-role',
    params: { id: z.string() },
    success: [{ status: 204, description: 'Deleted', body: none }],
  },
});

function app() {
  const logger = createLogger('t', 'silent');
  const a = createHttpApp({ logger });
  const { router, on } = contractRoutes(TEST_SECRET);
  on(routes.read, ({ query }) => ({ status: 200, body: { name: `up to ${query.limit ?? 'any'}` } }));
  on(routes.send, ({ body }) => ({ status: 201, body }));
  on(routes.edit, ({ params, body, req }) => ({
    status: 200,
    body: { name: `${params.id}: ${body.name} by ${req.admin?.username}` },
    version: 3,
  }));
  on(routes.remove, () => ({ status: 204 }));
  a.use(router);
  return finishHttpApp(a, logger);
}

describe('handlers mounted on route contracts', () => {
  const editor = signedAs({ username: 'ed', role: 'editor' });
  const admin = signedAs({ username: 'ops', role: 'admin' });

  it('When a public read and a public write are answered, then the read is no-cache and the write no-store', async () => {
    const a = app();
    const read = await request(a).get('/api/things?limit=2').expect(200);
    expect(read.body).toEqual({ name: 'up to 2' });
    expect(read.headers['cache-control']).toBe('no-cache');
    const sent = await request(a).post('/api/things').send({ name: 'x' }).expect(201);
    expect(sent.headers['cache-control']).toBe('no-store');
  });

  it('When the query or the body breaks its schema, then 400 validation_failed names the field', async () => {
    const a = app();
    const q = await request(a).get('/api/things?limit=99').expect(400);
    expect(q.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: 'limit' }] });
    const b = await request(a).post('/api/things').send({ name: '' }).expect(400);
    expect(b.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: 'name' }] });
  });

  it('When an admin route is called without a signed identity, then 401; by an editor on an admin-role route, then 403', async () => {
    const a = app();
    await request(a).put('/api/admin/things/t1').send({ name: 'x' }).expect(401);
    await request(a).delete('/api/admin/things/t1').use(editor).expect(403);
    await request(a).delete('/api/admin/things/t1').use(admin).expect(204);
  });

  it('When a versioned edit answers, then its version is the ETag and the answer is never cached', async () => {
    const res = await request(app()).put('/api/admin/things/t1').use(editor).send({ name: 'x' }).expect(200);
    expect(res.body).toEqual({ name: 't1: x by ed' });
    expect(res.headers.etag).toBe('"3"');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
