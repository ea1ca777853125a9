import request from 'supertest';
import { activityResponse, historyResponse } from '@12yards/api';
import { partnersService } from '../src/definition';
import {
  admin,
  applyAsClub,
  contractsTopic,
  editor,
  eventually,
  publishContractClosed,
  publishContractCreated,
} from './helpers';
import { startTestService, type TestService } from '@12yards/platform/testing';

describe('partners service: history and activity', () => {
  let svc: TestService;
  let topic: ReturnType<typeof contractsTopic>;
  beforeEach(async () => {
    svc = await startTestService(partnersService);
    topic = contractsTopic(svc.env.DATA_DIR);
  });
  afterEach(async () => {
    topic.close();
    await svc.stop();
  });

  const history = async (type: string, id: string) =>
    historyResponse.parse(
      (await request(svc.app).get(`/api/admin/history/${type}/${id}`).use(editor()).expect(200)).body,
    );

  it('When a contract promotes an applicant, then the history says in words that it became a partner (by the system, no event name)', async () => {
    const id = (await applyAsClub(svc.app)).id as string;
    await publishContractCreated(topic, 'c1', id);
    const entries = await eventually(async () => {
      const h = await history('partner', id);
      expect(h).toHaveLength(2);
      return h;
    });
    expect(entries.map((e) => [e.actor, e.summary])).toEqual([
      ['visitor', 'Submitted'],
      ['system', 'Became a partner when a contract was created'],
    ]);
    expect(entries[0]!.changes).toMatchObject({
      name: { from: null, to: 'Ann Lee' },
      status: { from: null, to: 'Pending' },
    });
    expect(entries[0]!.changes).not.toHaveProperty('source');
    expect(entries[1]!.changes).toEqual({
      status: { from: 'Pending', to: 'Partner' },
      activeContracts: { from: null, to: 1 },
      statusLocked: { from: null, to: true },
    });

    const feed = await request(svc.app).get('/internal/activity?actor=system').use(admin()).expect(200);
    expect(activityResponse.parse(feed.body)).toEqual([
      expect.objectContaining({
        entityType: 'partner',
        entityId: id,
        entityLabel: 'Ann Lee',
        service: 'partners',
      }),
    ]);

    // Its deletion is said in words too, with what it means for the status.
    await publishContractClosed(topic, 'ContractDeleted', 'c1', id);
    const after = await eventually(async () => {
      const h = await history('partner', id);
      expect(h).toHaveLength(3);
      return h;
    });
    expect(after.map((e) => [e.actor, e.summary])[2]).toEqual([
      'system',
      'A contract was deleted; the status is no longer locked',
    ]);
  });

  it('When a visitor writes and an admin reads the message, then the contact history says Unread → Read (the words of its badges)', async () => {
    const contact = await request(svc.app)
      .post('/api/contacts')
      .send({ name: 'Bo', email: 'bo@example.com', subject: 'Tickets', message: 'Hello there' })
      .expect(201);
    const id = contact.body.id as string;
    await request(svc.app).put(`/api/admin/contacts/${id}`).use(admin()).send({ status: 'read' }).expect(200);
    const entries = await history('contact', id);
    expect(entries.map((e) => [e.actor, e.summary])).toEqual([
      ['visitor', 'Received'],
      ['ops', 'Status: Unread → Read'],
    ]);
    expect(entries[1]!.changes).toEqual({ status: { from: 'unread', to: 'read' } });

    const contacts = await request(svc.app)
      .get('/internal/activity?entityType=contact')
      .use(admin())
      .expect(200);
    expect(activityResponse.parse(contacts.body).map((e) => [e.summary, e.entityLabel])).toEqual([
      ['Status: Unread → Read', 'Tickets'],
      ['Received', 'Tickets'],
    ]);
    await request(svc.app).get(`/api/admin/history/partner/${id}`).use(admin()).expect(404);
  });
});
