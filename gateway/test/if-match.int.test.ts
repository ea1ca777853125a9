import request from 'supertest';
import { contentService } from '@12yards/content/src/definition';
import { partnersService } from '@12yards/partners/src/definition';
import { clubApplication } from '@12yards/partners/test/helpers';
import { startStack, type Stack } from '../src/testing';

const STALE_MESSAGE = 'This item was changed by someone else. Reload to see the latest version.';

// Two admins edit the same records through the gateway (session cookie, CSRF, signed identity to the service).
describe('gateway: optimistic concurrency of admin edits (If-Match)', () => {
  let stack: Stack;
  let alice: { agent: request.Agent; csrf: string };
  let bob: { agent: request.Agent; csrf: string };
  beforeAll(async () => {
    stack = await startStack({ services: [contentService, partnersService] });
    alice = await stack.login();
    bob = await stack.login();
  });
  afterAll(async () => stack.stop());

  const article = (title: string) => ({ title, excerpt: 'Excerpt', content: 'Text.' });

  it('When an admin saves an article another admin changed since they read it, then 412 passes through and nothing is written', async () => {
    const created = await alice.agent
      .post('/api/news')
      .set('X-CSRF-Token', alice.csrf)
      .send(article('First'))
      .expect(201);
    const id = created.body.id as string;
    const listed = (await alice.agent.get('/api/admin/news').expect(200)).body.find(
      (a: { id: string }) => a.id === id,
    );
    expect(listed.version).toBe(1);

    await bob.agent
      .put(`/api/admin/news/${id}`)
      .set('X-CSRF-Token', bob.csrf)
      .set('If-Match', '"1"')
      .send(article("Bob's"))
      .expect(200);
    const res = await alice.agent
      .put(`/api/admin/news/${id}`)
      .set('X-CSRF-Token', alice.csrf)
      .set('If-Match', `"${listed.version}"`)
      .send(article("Alice's"))
      .expect(412);
    expect(res.body).toEqual({ error: { code: 'precondition_failed', message: STALE_MESSAGE } });
    expect(res.headers['cache-control']).toBe('no-store');
    const now = (await alice.agent.get('/api/admin/news').expect(200)).body.find(
      (a: { id: string }) => a.id === id,
    );
    expect(now).toMatchObject({ title: "Bob's", version: 2 });
  });

  it('When an admin reads one partner, then its version ETag survives the gateway; a stale one on PUT is 412, the current one 200', async () => {
    const applied = await request(stack.app).post('/api/partners').send(clubApplication()).expect(201);
    const read = await alice.agent.get(`/api/admin/partners/${applied.body.id}`).expect(200);
    expect(read.headers.etag).toBe('"1"');
    expect(read.headers['cache-control']).toBe('no-store');
    await bob.agent
      .put(`/api/admin/partners/${applied.body.id}/status`)
      .set('X-CSRF-Token', bob.csrf)
      .set('If-Match', read.headers.etag!)
      .send({ status: 'Approved' })
      .expect(200);
    const stale = await alice.agent
      .put(`/api/admin/partners/${applied.body.id}/status`)
      .set('X-CSRF-Token', alice.csrf)
      .set('If-Match', read.headers.etag!)
      .send({ status: 'Rejected' })
      .expect(412);
    expect(stale.body.error.message).toBe(STALE_MESSAGE);
    const again = await alice.agent.get(`/api/admin/partners/${applied.body.id}`).expect(200);
    expect(again.body.status).toBe('Approved');
    const saved = await alice.agent
      .put(`/api/admin/partners/${applied.body.id}/status`)
      .set('X-CSRF-Token', alice.csrf)
      .set('If-Match', again.headers.etag!)
      .send({ status: 'Rejected' })
      .expect(200);
    expect(saved.headers.etag).toBe('"3"');
  });
});
