import request from 'supertest';
import { INFLUENCER_RULE_MESSAGE, type Partner, type PartnerAction } from '@12yards/api';
import { Projector } from '@12yards/platform';
import { startLoggedInStack, TEST_EDITOR, type LoggedInStack } from '@12yards/gateway/testing';
import { partnersService } from '../src/definition';
import { lockedMessage } from '../src/partner/decide';
import {
  clubApplication,
  contractsTopic,
  eventually,
  influencerApplication,
  publishContractCreated,
} from './helpers';

// Every endpoint through the gateway: a visitor for the public paths, a logged-in admin (session + CSRF) for the rest.
describe('partners service through the gateway', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');
  let stack: LoggedInStack;

  beforeAll(async () => {
    stack = await startLoggedInStack({ services: [partnersService], clock: () => now });
  });
  afterAll(async () => stack.stop());

  const apply = async (body: Record<string, unknown>) =>
    (await request(stack.app).post('/api/partners').send(body).expect(201)).body as Partner;
  const put = (path: string, body: unknown) =>
    stack.agent
      .put(path)
      .set('X-CSRF-Token', stack.csrf)
      .send(body as object);
  const post = (path: string, body: unknown) =>
    stack.agent
      .post(path)
      .set('X-CSRF-Token', stack.csrf)
      .send(body as object);

  describe('applications', () => {
    it('When a visitor sends the same application twice under one Idempotency-Key, then both answers name one partner, and another key makes another', async () => {
      const send = (key: string) =>
        request(stack.app).post('/api/partners').set('Idempotency-Key', key).send(clubApplication());
      const first = await send('retry-me-1').expect(201);
      const again = await send('retry-me-1').expect(201);
      const other = await send('retry-me-2').expect(201);
      expect(again.body).toEqual(first.body);
      expect(other.body.id).not.toBe(first.body.id);
      const one = await stack.agent.get(`/api/admin/partners/${first.body.id}`).expect(200);
      expect(one.body.version).toBe(1);
    });

    it('When an admin sends the same create twice under one Idempotency-Key, then one partner is made; a bad key is a 400 naming it', async () => {
      const create = (key: string) =>
        post('/api/admin/partners', { name: 'Keyed FC', email: 'keyed@example.com' }).set(
          'Idempotency-Key',
          key,
        );
      const first = await create('admin-key-1').expect(201);
      const again = await create('admin-key-1').expect(201);
      expect(again.body).toEqual(first.body);
      const listed = await stack.agent.get('/api/partners?q=Keyed%20FC').expect(200);
      expect(listed.body).toHaveLength(1);
      const bad = await create('has a space').expect(400);
      expect(bad.body.error.message).toBe(
        'Invalid input: Idempotency-Key must be printable ASCII without spaces',
      );
    });

    it('When a visitor applies as a club, then 201 answers the created partner, Pending, unlocked, with no contracts', async () => {
      const res = await request(stack.app).post('/api/partners').send(clubApplication()).expect(201);
      expect(res.body).toEqual({
        ...clubApplication(),
        id: expect.any(String),
        status: 'Pending',
        statusLocked: false,
        activeContracts: 0,
        createdAt: now.toISOString(),
      });
      const one = await stack.agent.get(`/api/admin/partners/${res.body.id}`).expect(200);
      expect(one.body).toEqual({ ...res.body, version: 1 });
      expect(one.headers['cache-control']).toBe('no-store');
    });

    it('When a visitor applies as an influencer with an account and followers, then it is accepted', async () => {
      const created = await apply(influencerApplication());
      expect(created).toMatchObject({
        type: 'influencer',
        instagramAccount: '@kimkicks',
        totalFollowers: '120000',
      });
      expect(created).not.toHaveProperty('organization');
    });

    it('When an influencer gives no social account or no follower count, then 400 on path socialMedia with the exact message', async () => {
      for (const body of [
        influencerApplication({ instagramAccount: '' }),
        influencerApplication({ totalFollowers: undefined }),
      ]) {
        const res = await request(stack.app).post('/api/partners').send(body).expect(400);
        expect(res.body.error.code).toBe('validation_failed');
        expect(res.body.error.details).toEqual([
          expect.objectContaining({ path: 'socialMedia', message: INFLUENCER_RULE_MESSAGE }),
        ]);
      }
    });

    it('When required fields are missing or malformed, then 400 names each and nothing is created', async () => {
      const before = (await stack.agent.get('/api/partners').expect(200)).body.length;
      const cases: [Record<string, unknown>, string[]][] = [
        [clubApplication({ name: ' ', message: '' }), ['name', 'message']],
        [clubApplication({ email: 'not-an-email' }), ['email']],
        [clubApplication({ type: 'brand' }), ['type']],
        [clubApplication({ organization: '', position: undefined }), ['organization', 'position']],
        [clubApplication({ webAddress: 'riverside dot com' }), ['webAddress']],
        [clubApplication({ membershipType: 'gold' }), ['membershipType']],
      ];
      for (const [body, paths] of cases) {
        const res = await request(stack.app).post('/api/partners').send(body).expect(400);
        expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(paths);
      }
      expect((await stack.agent.get('/api/partners').expect(200)).body).toHaveLength(before);
    });

    it('When the admin lists partners, then they come newest first with status, statusLocked and activeContracts', async () => {
      const first = await apply(clubApplication({ name: 'First' }));
      const second = await apply(clubApplication({ name: 'Second' }));
      const res = await stack.agent.get('/api/partners').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const ids = res.body.map((p: Partner) => p.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      expect(ids[0]).toBe(second.id);
      for (const p of res.body)
        expect(p).toEqual(
          expect.objectContaining({ status: expect.any(String), statusLocked: false, activeContracts: 0 }),
        );
    });

    it('When anyone without a session lists partners or uses an admin path, then 401 and nothing is changed', async () => {
      const p = await apply(clubApplication());
      await request(stack.app).get('/api/partners').expect(401);
      await request(stack.app).get(`/api/admin/partners/${p.id}`).expect(401);
      await request(stack.app)
        .put(`/api/admin/partners/${p.id}/status`)
        .send({ status: 'Approved' })
        .expect(401);
      await request(stack.app).post('/api/admin/partners').send({ name: 'X', email: 'x@y.co' }).expect(401);
      expect((await stack.agent.get(`/api/admin/partners/${p.id}`).expect(200)).body.status).toBe('Pending');
    });

    it('When an admin write lacks the CSRF token, then 403', async () => {
      const p = await apply(clubApplication());
      await stack.agent.put(`/api/admin/partners/${p.id}/status`).send({ status: 'Approved' }).expect(403);
    });
  });

  describe('admin create and status', () => {
    it('When the admin creates a partner with only name and email (POST /api/admin/partners), then it is a Pending club', async () => {
      const res = await post('/api/admin/partners', { name: 'Walk-in', email: 'walkin@example.com' }).expect(
        201,
      );
      expect(res.body).toMatchObject({
        name: 'Walk-in',
        type: 'club',
        status: 'Pending',
        statusLocked: false,
      });
      expect((await stack.agent.get('/api/partners')).body[0].id).toBe(res.body.id);
      await post('/api/admin/partners', { name: '', email: 'nope' }).expect(400);
    });

    it('When the admin sets each status by either path, then the partner has it', async () => {
      const p = await apply(clubApplication());
      for (const [i, status] of ['In Progress', 'Partner', 'Approved', 'Rejected', 'Pending'].entries()) {
        const path = i % 2 ? `/api/admin/partners/${p.id}` : `/api/admin/partners/${p.id}/status`;
        const res = await put(path, { status }).expect(200);
        expect(res.body).toMatchObject({ id: p.id, status, statusLocked: false });
      }
      expect((await stack.agent.get(`/api/admin/partners/${p.id}`)).body.status).toBe('Pending');
    });

    it('When the status is not one of the five, then 400; when the partner is unknown, then 404', async () => {
      const p = await apply(clubApplication());
      const bad = await put(`/api/admin/partners/${p.id}/status`, { status: 'Done' }).expect(400);
      expect(bad.body.error.details).toEqual([expect.objectContaining({ path: 'status' })]);
      await put(`/api/admin/partners/${p.id}`, {}).expect(400);
      await put('/api/admin/partners/nope/status', { status: 'Approved' }).expect(404);
      await put('/api/admin/partners/nope', { status: 'Approved' }).expect(404);
      await stack.agent.get('/api/admin/partners/nope').expect(404);
    });

    it('When the admin sends the form fields to PUT /api/admin/partners/:id, then the details are replaced and the type kept', async () => {
      const p = await apply(influencerApplication());
      const res = await put(`/api/admin/partners/${p.id}`, {
        name: 'Kim Park-Lee',
        email: 'kim@example.com',
        tiktokAccount: '@kim',
        status: 'In Progress',
      }).expect(200);
      expect(res.body).toMatchObject({
        name: 'Kim Park-Lee',
        type: 'influencer',
        tiktokAccount: '@kim',
        status: 'In Progress',
      });
      expect(res.body).not.toHaveProperty('instagramAccount');
      await put(`/api/admin/partners/${p.id}`, { name: 'Kim', email: 'bad' }).expect(400);
    });

    it('When a contract is created for a partner, then it becomes Partner and locked, and a manual change is 409 with a clear message', async () => {
      const p = await apply(clubApplication());
      const topic = contractsTopic(stack.dataDir);
      try {
        await publishContractCreated(topic, `c-${p.id}`, p.id);
      } finally {
        topic.close();
      }
      const locked = await eventually(async () => {
        const res = await stack.agent.get(`/api/admin/partners/${p.id}`).expect(200);
        expect(res.body).toMatchObject({ status: 'Partner', statusLocked: true, activeContracts: 1 });
        return res.body;
      });
      for (const path of [`/api/admin/partners/${p.id}/status`, `/api/admin/partners/${p.id}`]) {
        const res = await put(path, { status: 'Rejected' }).expect(409);
        expect(res.body.error).toEqual({ code: 'conflict', message: lockedMessage(1) });
      }
      expect((await stack.agent.get(`/api/admin/partners/${p.id}`)).body).toEqual(locked);
    });
  });

  describe('action items', () => {
    let partner: Partner;
    beforeAll(async () => {
      partner = await apply(clubApplication({ name: 'Action Partner' }));
    });
    const actionsPath = () => `/api/admin/partners/${partner.id}/actions`;

    it('When the admin adds actions, then they are listed with isOverdue computed from the clock', async () => {
      const past = (
        await post(actionsPath(), { actionText: '  Send the pack  ', dueDate: '2026-11-21' }).expect(201)
      ).body;
      expect(past).toEqual({
        id: expect.any(String),
        partnerId: partner.id,
        actionText: 'Send the pack',
        dueDate: '2026-11-21',
        notes: null,
        isCompleted: false,
        completedAt: null,
        createdAt: now.toISOString(),
        isOverdue: true,
        version: 1,
      });
      const today = (await post(actionsPath(), { actionText: 'Call', dueDate: '2026-11-22' }).expect(201))
        .body;
      const none = (await post(actionsPath(), { actionText: 'Note only' }).expect(201)).body;
      const empty = (await post(actionsPath(), { actionText: 'Empty date', dueDate: '' }).expect(201)).body;
      expect([today.isOverdue, none.dueDate, none.isOverdue, empty.dueDate]).toEqual([
        false,
        null,
        false,
        null,
      ]);
      const list = await stack.agent.get(actionsPath()).expect(200);
      expect(list.headers['cache-control']).toBe('no-store');
      expect(list.body.map((a: PartnerAction) => a.id)).toEqual([empty.id, none.id, today.id, past.id]);
    });

    it('When the action text is empty after trimming or the date is not a date, then 400; for an unknown partner, 404', async () => {
      const res = await post(actionsPath(), { actionText: '   ' }).expect(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'actionText' })]);
      await post(actionsPath(), { actionText: 'x', dueDate: 'someday' }).expect(400);
      await post('/api/admin/partners/nope/actions', { actionText: 'x' }).expect(404);
      await stack.agent.get('/api/admin/partners/nope/actions').expect(404);
    });

    it('When the admin saves notes and then completes an overdue action, then completedAt is set and it is no longer overdue', async () => {
      const a = (await post(actionsPath(), { actionText: 'Chase', dueDate: '2026-11-01' }).expect(201)).body;
      const noted = (await put(`${actionsPath()}/${a.id}`, { notes: 'Left a voicemail' }).expect(200)).body;
      expect(noted).toMatchObject({
        notes: 'Left a voicemail',
        isCompleted: false,
        completedAt: null,
        isOverdue: true,
      });
      const done = (await put(`${actionsPath()}/${a.id}`, { isCompleted: true }).expect(200)).body;
      expect(done).toMatchObject({
        notes: 'Left a voicemail',
        isCompleted: true,
        completedAt: now.toISOString(),
        isOverdue: false,
      });
      const reopened = (await put(`${actionsPath()}/${a.id}`, { isCompleted: false }).expect(200)).body;
      expect(reopened).toMatchObject({ isCompleted: false, completedAt: null, isOverdue: true });
    });

    it('When an action is updated with nothing, under another partner or unknown, then 400 or 404', async () => {
      const a = (await post(actionsPath(), { actionText: 'Mine' }).expect(201)).body;
      await put(`${actionsPath()}/${a.id}`, {}).expect(400);
      const other = await apply(clubApplication());
      await put(`/api/admin/partners/${other.id}/actions/${a.id}`, { notes: 'x' }).expect(404);
      await put(`${actionsPath()}/nope`, { notes: 'x' }).expect(404);
    });

    it('When the admin asks for open action counts, then each partner with open actions is counted', async () => {
      const p = await apply(clubApplication({ name: 'Counted' }));
      const path = `/api/admin/partners/${p.id}/actions`;
      const a1 = (await post(path, { actionText: 'one' }).expect(201)).body;
      await post(path, { actionText: 'two' }).expect(201);
      await post(path, { actionText: 'three' }).expect(201);
      await put(`${path}/${a1.id}`, { isCompleted: true }).expect(200);
      const res = await stack.agent.get('/api/admin/partner-action-counts').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContainEqual({ partnerId: p.id, openActionsCount: 2, overdueActionsCount: 0 });
      const quiet = await apply(clubApplication({ name: 'Quiet' }));
      expect(res.body.find((c: { partnerId: string }) => c.partnerId === quiet.id)).toBeUndefined();
      await request(stack.app).get('/api/admin/partner-action-counts').expect(401);
    });
  });

  describe('contact messages', () => {
    const message = { name: 'Sam', email: 'sam@example.com', subject: 'Tickets', message: 'How do I join?' };

    it('When a visitor sends a message, then 201 and the admin sees it unread, newest first', async () => {
      const first = await request(stack.app).post('/api/contacts').send(message).expect(201);
      expect(first.body).toEqual({
        ...message,
        id: expect.any(String),
        status: 'unread',
        createdAt: now.toISOString(),
      });
      const second = await request(stack.app)
        .post('/api/contacts')
        .send({ ...message, subject: 'Later' })
        .expect(201);
      const list = await stack.agent.get('/api/contacts').expect(200);
      expect(list.headers['cache-control']).toBe('no-store');
      expect(list.body[0].id).toBe(second.body.id);
      expect(list.body[1]).toEqual({ ...first.body, version: 1 });
      await request(stack.app).get('/api/contacts').expect(401);
    });

    it('When a field is empty, malformed or too long, then 400 names it and nothing is stored (no placeholder values)', async () => {
      const before = (await stack.agent.get('/api/contacts')).body.length;
      const cases: [Record<string, unknown>, string][] = [
        [{ ...message, name: '' }, 'name'],
        [{ ...message, email: 'sam' }, 'email'],
        [{ ...message, subject: '  ' }, 'subject'],
        [{ ...message, message: undefined }, 'message'],
        [{ ...message, name: 'n'.repeat(201) }, 'name'],
        [{ ...message, subject: 's'.repeat(301) }, 'subject'],
        [{ ...message, message: 'm'.repeat(5001) }, 'message'],
      ];
      for (const [body, path] of cases) {
        const res = await request(stack.app).post('/api/contacts').send(body).expect(400);
        expect(res.body.error.details).toEqual([expect.objectContaining({ path })]);
      }
      expect((await stack.agent.get('/api/contacts')).body).toHaveLength(before);
    });

    it('When the admin marks a message read, responded and back to unread, then the list shows it; other values are 400, unknown ids 404', async () => {
      const m = (await request(stack.app).post('/api/contacts').send(message).expect(201)).body;
      expect((await put(`/api/admin/contacts/${m.id}`, { status: 'read' }).expect(200)).body.status).toBe(
        'read',
      );
      expect(
        (await put(`/api/admin/contacts/${m.id}`, { status: 'responded' }).expect(200)).body.status,
      ).toBe('responded');
      expect((await put(`/api/admin/contacts/${m.id}`, { status: 'unread' }).expect(200)).body.status).toBe(
        'unread',
      );
      const wrong = await put(`/api/admin/contacts/${m.id}`, { status: 'archived' }).expect(400);
      expect(wrong.body.error.details).toEqual([
        expect.objectContaining({ path: 'status', message: 'Choose Unread, Read or Responded' }),
      ]);
      await put('/api/admin/contacts/nope', { status: 'read' }).expect(404);
      const listed = (await stack.agent.get('/api/contacts')).body.find((c: { id: string }) => c.id === m.id);
      expect(listed.status).toBe('unread');
    });

    it('When messages arrive and are read, then the unread count follows the server, not the page', async () => {
      const count = async () =>
        (await stack.agent.get('/api/admin/contacts/unread-count').expect(200)).body.unread as number;
      const before = await count();
      const a = (await request(stack.app).post('/api/contacts').send(message).expect(201)).body;
      await request(stack.app).post('/api/contacts').send(message).expect(201);
      expect(await count()).toBe(before + 2);
      await put(`/api/admin/contacts/${a.id}`, { status: 'read' }).expect(200);
      expect(await count()).toBe(before + 1);
      await put(`/api/admin/contacts/${a.id}`, { status: 'unread' }).expect(200);
      expect(await count()).toBe(before + 2);
      const res = await stack.agent.get('/api/admin/contacts/unread-count');
      expect(res.headers['cache-control']).toBe('no-store');
      await request(stack.app).get('/api/admin/contacts/unread-count').expect(401);
    });

    it('When an editor (not admin) updates a contact status, then it is allowed', async () => {
      const editor = await stack.login(TEST_EDITOR);
      const m = (await request(stack.app).post('/api/contacts').send(message).expect(201)).body;
      await editor.agent
        .put(`/api/admin/contacts/${m.id}`)
        .set('X-CSRF-Token', editor.csrf)
        .send({ status: 'read' })
        .expect(200);
    });
  });

  it('When the read models are rebuilt from the events, then every answer is the same as before', async () => {
    const read = async () => {
      const partners = (await stack.agent.get('/api/partners').expect(200)).body as Partner[];
      const actions = await Promise.all(
        partners.map(async (p) => (await stack.agent.get(`/api/admin/partners/${p.id}/actions`)).body),
      );
      return {
        partners,
        actions,
        counts: (await stack.agent.get('/api/admin/partner-action-counts')).body,
        contacts: (await stack.agent.get('/api/contacts')).body,
      };
    };
    const live = await read();
    expect(live.partners.length).toBeGreaterThan(10);
    expect(live.partners.some((p) => p.statusLocked)).toBe(true);
    const { infra } = stack.services.partners!.ctx;
    const events = await new Projector(
      infra.eventStore,
      infra.readModels,
      partnersService.projections,
    ).rebuild();
    expect(events).toBeGreaterThan(40);
    expect(await read()).toEqual(live);
  });
});
