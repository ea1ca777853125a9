import request from 'supertest';
import {
  deterministicEventId,
  openSqlite,
  serviceDbFile,
  startService,
  type RunningService,
  type StoredEvent,
} from '@12yards/platform';
import { testServiceEnv } from '@12yards/platform/testing';
import { partnersService } from '../src/definition';
import { handleContractEvent } from '../src/reactions/contract-created';
import {
  admin,
  applyAsClub,
  clubApplication,
  contractsTopic,
  eventually,
  noInfluencerFields,
  publishContractClosed,
  publishContractCreated,
} from './helpers';

describe('automatic promotion from the contracts topic', () => {
  let env: ReturnType<typeof testServiceEnv>;
  let svc: RunningService;
  let topic: ReturnType<typeof contractsTopic>;

  beforeEach(async () => {
    env = testServiceEnv();
    svc = await startService(partnersService, env);
    topic = contractsTopic(env.DATA_DIR);
  });
  afterEach(async () => {
    await svc.stop();
    topic.close();
    env.cleanup();
  });

  const apply = async (name = 'Riverside') => (await applyAsClub(svc.app, { name })).id as string;
  const partner = async (id: string) =>
    (await request(svc.app).get(`/api/admin/partners/${id}`).use(admin()).expect(200)).body;
  const ourEvents = async (type: string) =>
    (await svc.ctx.infra.eventStore.readAll(0)).filter((e) => e.type === type);
  const expectPartner = (id: string, fields: Record<string, unknown>) =>
    eventually(async () => expect(await partner(id)).toMatchObject(fields));

  it('When ContractCreated arrives, then PartnerPromoted is appended once with an id derived from the source event', async () => {
    const id = await apply();
    const source = await publishContractCreated(topic, 'c1', id);
    await expectPartner(id, { status: 'Partner', statusLocked: true, activeContracts: 1 });
    const promoted = await ourEvents('PartnerPromoted');
    expect(promoted).toHaveLength(1);
    expect(promoted[0]!.data).toMatchObject({
      id,
      contractId: 'c1',
      previousStatus: 'Pending',
      activeContracts: 1,
    });
    expect(promoted[0]!.id).toBe(deterministicEventId(source.id, 'promote'));
    expect(promoted[0]!.meta).toMatchObject({ causationId: source.id });
  });

  it('When the same ContractCreated is delivered again (checkpoint reset), then there is still one promotion', async () => {
    const id = await apply();
    await publishContractCreated(topic, 'c1', id);
    await expectPartner(id, { activeContracts: 1 });
    // A second connection to the service's own file: rewind the group's checkpoint as a crash before commit would.
    const db = openSqlite(serviceDbFile(env.DATA_DIR, 'partners'));
    try {
      expect(db.prepare("DELETE FROM bus_checkpoints WHERE grp = 'partners'").run().changes).toBe(1);
      await eventually(() =>
        expect(db.prepare("SELECT position FROM bus_checkpoints WHERE grp = 'partners'").get()).toEqual({
          position: 1,
        }),
      );
      // Also forget the inbox, as if the process died between the append and the inbox record.
      db.prepare('DELETE FROM rm_inbox').run();
      db.prepare("DELETE FROM bus_checkpoints WHERE grp = 'partners'").run();
      await eventually(() =>
        expect(db.prepare('SELECT COUNT(*) AS n FROM rm_inbox').get()).toEqual({ n: 1 }),
      );
    } finally {
      db.close();
    }
    expect(await ourEvents('PartnerPromoted')).toHaveLength(1);
    expect(await partner(id)).toMatchObject({ status: 'Partner', activeContracts: 1 });
  });

  it('When the handler is called twice, even at once, with the same event, then one promotion', async () => {
    await svc.stop(); // no subscription: only the direct calls below handle the event
    svc = await startService(
      { ...partnersService, build: async (ctx) => ({ app: (await partnersService.build(ctx)).app }) },
      env,
    );
    const id = await apply();
    const event: StoredEvent = {
      id: '3f1c2b9e-0d1a-4c55-9a10-000000000001',
      type: 'ContractCreated',
      streamId: 'contract-c7',
      version: 1,
      position: 1,
      occurredAt: new Date().toISOString(),
      data: { contractId: 'c7', partnerId: id },
      meta: {},
    };
    const created = {
      type: 'ContractCreated',
      version: 1,
      data: { contractId: 'c7', partnerId: id },
    } as const;
    await Promise.all([
      handleContractEvent(svc.ctx, created, event),
      handleContractEvent(svc.ctx, created, event),
    ]);
    await handleContractEvent(svc.ctx, created, event);
    expect(await ourEvents('PartnerPromoted')).toHaveLength(1);
    expect(await partner(id)).toMatchObject({ status: 'Partner', activeContracts: 1, statusLocked: true });
  });

  it('When the service restarts between two events, then neither is lost and the first is not applied twice', async () => {
    const a = await apply('A');
    const b = await apply('B');
    await publishContractCreated(topic, 'ca', a);
    await expectPartner(a, { status: 'Partner', activeContracts: 1 });
    await svc.stop();
    // Published while the partners service is down.
    await publishContractCreated(topic, 'cb', b);
    svc = await startService(partnersService, env);
    await expectPartner(b, { status: 'Partner', statusLocked: true, activeContracts: 1 });
    expect(await partner(a)).toMatchObject({ status: 'Partner', activeContracts: 1 });
    expect((await ourEvents('PartnerPromoted')).map((e) => (e.data as { id: string }).id)).toEqual([a, b]);
  });

  it('When contracts end or are deleted, then the lock stays until none is active, and the status can then be changed again', async () => {
    const id = await apply();
    await request(svc.app)
      .put(`/api/admin/partners/${id}/status`)
      .use(admin())
      .send({ status: 'In Progress' })
      .expect(200);
    await publishContractCreated(topic, 'c1', id);
    await publishContractCreated(topic, 'c2', id);
    await expectPartner(id, { status: 'Partner', statusLocked: true, activeContracts: 2 });

    await publishContractClosed(topic, 'ContractEnded', 'c1', id);
    await expectPartner(id, { status: 'Partner', statusLocked: true, activeContracts: 1 });
    await request(svc.app)
      .put(`/api/admin/partners/${id}`)
      .use(admin())
      .send({ status: 'Pending' })
      .expect(409);

    await publishContractClosed(topic, 'ContractDeleted', 'c2', id);
    await expectPartner(id, { status: 'Partner', statusLocked: false, activeContracts: 0 });
    const res = await request(svc.app)
      .put(`/api/admin/partners/${id}`)
      .use(admin())
      .send({ status: 'Approved' })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'Approved', statusLocked: false });
    expect((await ourEvents('PartnerContractEnded')).map((e) => e.data)).toEqual([
      expect.objectContaining({
        contractId: 'c1',
        reason: 'ContractEnded',
        activeContracts: 1,
        statusLocked: true,
      }),
      expect.objectContaining({
        contractId: 'c2',
        reason: 'ContractDeleted',
        activeContracts: 0,
        statusLocked: false,
      }),
    ]);
  });

  it('When an ended contract is reactivated after the status was changed by hand, then the partner is promoted and locked again', async () => {
    const id = await apply();
    await publishContractCreated(topic, 'c1', id);
    await publishContractClosed(topic, 'ContractEnded', 'c1', id);
    await expectPartner(id, { status: 'Partner', statusLocked: false, activeContracts: 0 });
    await request(svc.app)
      .put(`/api/admin/partners/${id}/status`)
      .use(admin())
      .send({ status: 'Approved' })
      .expect(200);

    const source = await publishContractClosed(topic, 'ContractReactivated', 'c1', id);
    await expectPartner(id, { status: 'Partner', statusLocked: true, activeContracts: 1 });
    const promotions = await ourEvents('PartnerPromoted');
    expect(promotions).toHaveLength(2);
    expect(promotions[1]!.data).toMatchObject({ contractId: 'c1', previousStatus: 'Approved' });
    expect(promotions[1]!.id).toBe(deterministicEventId(source.id, 'promote'));
    await request(svc.app)
      .put(`/api/admin/partners/${id}/status`)
      .use(admin())
      .send({ status: 'Pending' })
      .expect(409);
  });

  it('When a contract names an unknown partner, then it is skipped and later events still apply', async () => {
    await publishContractCreated(topic, 'c0', 'no-such-partner');
    const id = await apply();
    await publishContractCreated(topic, 'c1', id);
    await expectPartner(id, { status: 'Partner', activeContracts: 1 });
    expect(await ourEvents('PartnerPromoted')).toHaveLength(1);
  });

  it('When a contract document is generated, then the partner is left as it is, nothing is dead-lettered, and the next event applies', async () => {
    const id = await apply();
    await publishContractCreated(topic, 'c1', id);
    await expectPartner(id, { status: 'Partner', statusLocked: true, activeContracts: 1 });
    const { events } = await topic.store.append('contract-c1', 1, [
      { type: 'ContractDocumentGenerated', data: { contractId: 'c1', partnerId: id } },
    ]);
    await topic.publish(events[0]!, {
      type: 'ContractDocumentGenerated',
      version: 1,
      data: { contractId: 'c1', partnerId: id, fileName: 'contract-c1.docx' },
    });
    await publishContractCreated(topic, 'c2', id);
    await expectPartner(id, { status: 'Partner', statusLocked: true, activeContracts: 2 });
    expect(await ourEvents('PartnerContractEnded')).toEqual([]);
    const db = openSqlite(serviceDbFile(env.DATA_DIR, 'partners'));
    try {
      expect(
        db.prepare("SELECT COUNT(*) AS n FROM bus_messages WHERE topic = 'contracts.dlq'").get(),
      ).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('When a message does not parse, then it lands in the dead-letter table with the reason, is counted, and the next one applies', async () => {
    const { events } = await topic.store.append('contract-x', 'no_stream', [
      { type: 'ContractCreated', data: { contractId: 'x' } },
      { type: 'ContractRenegotiated', data: {} },
    ]);
    // A producer bug: no partnerId; then a type no schema of the topic knows.
    await topic.publish(events[0]!, { type: 'ContractCreated', version: 1, data: { contractId: 'x' } });
    await topic.publish(events[1]!, { type: 'ContractRenegotiated', version: 1, data: {} });
    const id = await apply();
    await publishContractCreated(topic, 'c1', id);
    await expectPartner(id, { status: 'Partner', activeContracts: 1 });
    const db = openSqlite(serviceDbFile(env.DATA_DIR, 'partners'));
    try {
      const letters = db
        .prepare("SELECT message FROM bus_messages WHERE topic = 'contracts.dlq' ORDER BY position")
        .all()
        .map((r) => JSON.parse((r as { message: string }).message) as StoredEvent);
      expect(letters.map((l) => [l.id, l.meta.deadLetter])).toEqual([
        [
          events[0]!.id,
          expect.objectContaining({
            group: 'partners',
            topic: 'contracts',
            reason: expect.stringMatching(/ContractCreated v1 does not parse: partnerId/),
          }),
        ],
        [
          events[1]!.id,
          expect.objectContaining({ reason: 'unknown event type ContractRenegotiated on topic contracts' }),
        ],
      ]);
    } finally {
      db.close();
    }
    const metrics = await request(svc.app).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/events_dead_lettered_total\{group="partners",topic="contracts"\} 2/);
  });

  it('When a partner applies or a visitor writes, then the events carry the full data other services consume', async () => {
    const id = await apply();
    await request(svc.app)
      .put(`/api/admin/partners/${id}`)
      .use(admin())
      .send({ name: 'Riverside AFC', email: 'new@r.example', type: 'club' })
      .expect(200);
    await request(svc.app)
      .post('/api/contacts')
      .send({ name: 'Sam', email: 'sam@x.co', subject: 'Hi', message: 'Hello' })
      .expect(201);
    const [submitted] = await ourEvents('PartnerApplicationSubmitted');
    expect(submitted!.data).toEqual({
      id,
      ...clubApplication({ name: 'Riverside' }),
      ...noInfluencerFields,
      status: 'Pending',
      source: 'public',
      at: expect.any(String),
    });
    const [changed] = await ourEvents('PartnerDetailsChanged');
    expect(changed!.data).toMatchObject({
      id,
      name: 'Riverside AFC',
      email: 'new@r.example',
      type: 'club',
      organization: null,
    });
    const [received] = await ourEvents('ContactMessageReceived');
    expect(received!.data).toEqual({
      id: expect.any(String),
      name: 'Sam',
      email: 'sam@x.co',
      subject: 'Hi',
      message: 'Hello',
      at: expect.any(String),
    });
  });
});
