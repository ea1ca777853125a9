import request from 'supertest';
import type { Partner } from '@12yards/api';
import { startLoggedInStack, type LoggedInStack } from '@12yards/gateway/testing';
import { partnersService } from '../src/definition';
import { clubApplication } from './helpers';
import { STALE_ANSWER } from '@12yards/platform/testing';

// Through the gateway, as the admin app calls it: session, CSRF, and If-Match from the version the admin read.
describe('partners service: admin edits with If-Match', () => {
  let stack: LoggedInStack;

  beforeAll(async () => {
    stack = await startLoggedInStack({ services: [partnersService] });
  });
  afterAll(async () => stack.stop());

  const apply = async () =>
    (await request(stack.app).post('/api/partners').send(clubApplication()).expect(201)).body as Partner;
  const put = (path: string, body: object, ifMatch?: string) => {
    const req = stack.agent.put(path).set('X-CSRF-Token', stack.csrf);
    return (ifMatch ? req.set('If-Match', ifMatch) : req).send(body);
  };
  const partner = async (id: string) => stack.agent.get(`/api/admin/partners/${id}`).expect(200);

  it('When the admin reads a partner, then its version is a strong ETag; saving with it gives 200 and the next one', async () => {
    const { id } = await apply();
    const read = await partner(id);
    expect(read.headers.etag).toBe('"1"');
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.body.version).toBe(1);
    const saved = await put(
      `/api/admin/partners/${id}/status`,
      { status: 'Approved' },
      read.headers.etag,
    ).expect(200);
    expect(saved.headers.etag).toBe('"2"');
    expect(saved.body).toMatchObject({ status: 'Approved', version: 2 });
  });

  it('When the admin saves a status with a stale ETag, then 412 with the reload message and nothing is written', async () => {
    const { id } = await apply();
    const mine = (await partner(id)).headers.etag!;
    await put(`/api/admin/partners/${id}`, { status: 'Approved' }).expect(200); // someone else, meanwhile
    const res = await put(`/api/admin/partners/${id}/status`, { status: 'Rejected' }, mine).expect(412);
    expect(res.body).toEqual(STALE_ANSWER);
    const now = await partner(id);
    expect(now.body).toMatchObject({ status: 'Approved', version: 2 });
    expect(now.headers.etag).toBe('"2"');
  });

  it('When the admin edits details with a stale ETag, then 412 and the details stay', async () => {
    const { id } = await apply();
    await put(`/api/admin/partners/${id}`, { ...clubApplication(), name: 'Other admin' }).expect(200);
    await put(`/api/admin/partners/${id}`, { ...clubApplication(), name: 'Mine' }, '"1"').expect(412);
    expect((await partner(id)).body.name).toBe('Other admin');
  });

  it('When the partner list is read, then each item carries its version for If-Match', async () => {
    const { id } = await apply();
    await put(`/api/admin/partners/${id}`, { status: 'Approved' }).expect(200);
    const list = (await stack.agent.get('/api/partners').expect(200)).body as Array<
      Partner & { version: number }
    >;
    expect(list.find((p) => p.id === id)?.version).toBe(2);
  });

  it('When a contact message status is saved with a stale version, then 412; with the listed one, 200', async () => {
    await request(stack.app)
      .post('/api/contacts')
      .send({ name: 'A', email: 'a@example.com', subject: 'If-Match test', message: 'Hello' })
      .expect(201);
    const listed = (await stack.agent.get('/api/contacts').query({ q: 'If-Match test' }).expect(200)).body[0];
    expect(listed.version).toBe(1);
    await put(`/api/admin/contacts/${listed.id}`, { status: 'read' }, `"${listed.version}"`).expect(200);
    const stale = await put(`/api/admin/contacts/${listed.id}`, { status: 'responded' }, '"1"').expect(412);
    expect(stale.body).toEqual(STALE_ANSWER);
    const after = (await stack.agent.get('/api/contacts').query({ q: 'If-Match test' }).expect(200)).body[0];
    expect(after).toMatchObject({ status: 'read', version: 2 });
  });

  it('When a partner action is saved with a stale version, then 412 and its notes stay', async () => {
    const { id } = await apply();
    const created = await stack.agent
      .post(`/api/admin/partners/${id}/actions`)
      .set('X-CSRF-Token', stack.csrf)
      .send({ actionText: 'Call back' })
      .expect(201);
    expect(created.body.version).toBe(1);
    const path = `/api/admin/partners/${id}/actions/${created.body.id}`;
    const first = await put(path, { notes: 'First' }, '"1"').expect(200);
    expect(first.headers.etag).toBe('"2"');
    await put(path, { notes: 'Stale' }, '"1"').expect(412);
    const [action] = (await stack.agent.get(`/api/admin/partners/${id}/actions`).expect(200)).body;
    expect(action).toMatchObject({ notes: 'First', version: 2 });
  });
});
