// A contract created right after its partner's application must not fail because the contracts service's view of
// partners lags behind (issue 16): the partners service is asked directly, and the promotion follows at once.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { startService, toHttpError, type RunningService } from '@12yards/platform';
import { testServiceEnv } from '@12yards/platform/testing';
import type { Stack } from '@12yards/gateway/testing';
import { partnersService } from '@12yards/partners/src/definition';
import { createContractsService } from '../src/definition';
import { partnerLookup } from '../src/partner-view/lookup';
import { findPartner } from '../src/partner-view/projection';
import { recordPartnerEvent } from '../src/reactions/partner-events';
import { admin, startPartnersAndContracts, validContract } from './helpers';

const application = (i: number) => ({
  name: `Applicant ${i}`,
  email: `applicant${i}@fans.example`,
  type: 'club',
  organization: `Fans Club ${i}`,
  position: 'Chair',
  message: 'We would like to partner',
});

const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.95) - 1]!;

describe('a contract right after the application, through the gateway [embedded]', () => {
  jest.setTimeout(60_000);
  let stack: Stack;
  beforeAll(async () => {
    stack = await startPartnersAndContracts();
  });
  afterAll(async () => stack?.stop());

  it('When 20 applications are each followed at once by a contract, then all 20 contracts are created and every partner is promoted', async () => {
    const { agent, csrf } = await stack.login();
    const latencies: number[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const applied = await request(stack.app).post('/api/partners').send(application(i)).expect(201);
      const partnerId = applied.body.id as string;
      const created = await agent
        .post('/api/admin/contracts')
        .set('X-CSRF-Token', csrf)
        .send(validContract(partnerId));
      statuses.push(created.status);
      if (created.status !== 201) continue;
      const start = performance.now();
      for (;;) {
        const partner = (await agent.get(`/api/admin/partners/${partnerId}`).expect(200)).body;
        if (partner.status === 'Partner') break;
        if (performance.now() - start > 10_000) throw new Error(`partner ${i} was never promoted`);
        await new Promise((r) => setTimeout(r, 2));
      }
      latencies.push(performance.now() - start);
    }
    expect(statuses).toEqual(Array(20).fill(201));
    const list = (await agent.get('/api/partners').expect(200)).body as { status: string }[];
    expect(list.filter((p) => p.status === 'Partner')).toHaveLength(20);
    console.log(
      `contract right after application [embedded]: 20/20 created; promotion p50 ${latencies.sort((a, b) => a - b)[9]!.toFixed(1)} ms, p95 ${p95(latencies).toFixed(1)} ms`,
    );
  });
});

describe('a partner the contracts view has not heard of [embedded]', () => {
  // Two data directories: the contracts service never sees the partners topic, so only asking partners can work.
  const partnersEnv = testServiceEnv();
  const contractsEnv = testServiceEnv();
  let partners: RunningService;
  let contracts: RunningService;
  let server: Server;
  let partnersUp = true;
  beforeAll(async () => {
    partners = await startService(partnersService, partnersEnv);
    server = partners.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    contracts = await startService(
      createContractsService({
        partnerWaitMs: 200,
        partnersUrl: () => (partnersUp ? url : 'http://127.0.0.1:9'),
      }),
      contractsEnv,
    );
  });
  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await contracts?.stop();
    await partners?.stop();
    partnersEnv.cleanup();
    contractsEnv.cleanup();
  });

  it('When the view lacks the partner, then the partners service is asked and the contract is created for it', async () => {
    const applied = await request(partners.app).post('/api/partners').send(application(1)).expect(201);
    const res = await request(contracts.app)
      .post('/api/admin/contracts')
      .use(admin())
      .send(validContract(applied.body.id));
    expect(res.status).toBe(201);
    expect(res.body.partnerId).toBe(applied.body.id);
    await request(contracts.app)
      .get(`/api/admin/partners/${applied.body.id}/contracts`)
      .use(admin())
      .expect(200);
  });

  it('When the partners service does not know the id either, then the answer is 404 No partner with id', async () => {
    const res = await request(contracts.app)
      .post('/api/admin/contracts')
      .use(admin())
      .send(validContract('nobody'));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No partner with id nobody');
  });

  it('When the partners service cannot be reached and the view has not heard of the partner, then the answer is a retryable 503 and nothing is written', async () => {
    partnersUp = false;
    const applied = await request(partners.app).post('/api/partners').send(application(2)).expect(201);
    const partnerId = applied.body.id as string;
    const started = Date.now();
    const res = await request(contracts.app)
      .post('/api/admin/contracts')
      .use(admin())
      .send(validContract(partnerId));
    const generated = await request(contracts.app)
      .post('/api/admin/contracts/generate')
      .use(admin())
      .send({ partnerId });
    const listed = await request(contracts.app)
      .get(`/api/admin/partners/${partnerId}/contracts`)
      .use(admin());
    partnersUp = true;
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const r of [res, generated, listed]) {
      expect(r.status).toBe(503);
      expect(r.headers['retry-after']).toBe('3');
      expect(r.body).toEqual({
        error: {
          code: 'dependency_unavailable',
          message: `The partners service cannot be reached right now to confirm partner ${partnerId}; nothing was changed. Try again in a moment.`,
          details: { dependency: 'partners service' },
        },
      });
    }
    // Nothing half-written: once partners answers again, the partner has no contract, and the retried write succeeds once.
    expect(
      (
        await request(contracts.app)
          .get(`/api/admin/partners/${partnerId}/contracts`)
          .use(admin())
          .expect(200)
      ).body,
    ).toEqual([]);
    await request(contracts.app)
      .post('/api/admin/contracts')
      .use(admin())
      .send(validContract(partnerId))
      .expect(201);
    const after = await request(contracts.app)
      .get(`/api/admin/partners/${partnerId}/contracts`)
      .use(admin())
      .expect(200);
    expect(after.body).toHaveLength(1);
  });

  it('When the partners service cannot be reached but the view knows the partner, then the contract is created', async () => {
    const applied = await request(partners.app)
      .post('/api/partners')
      .send({ ...application(3), webAddress: 'https://fans-club-3.example' })
      .expect(201);
    const partnerId = applied.body.id as string;
    // The view learns the partner as it would from the partners topic.
    const b = applied.body as Record<string, string | null>;
    await recordPartnerEvent(
      contracts.ctx,
      {
        type: 'PartnerApplicationSubmitted',
        version: 2,
        data: {
          partnerId,
          name: b.name!,
          email: b.email!,
          type: 'club',
          organization: b.organization ?? null,
          position: b.position ?? null,
          knownAs: b.knownAs ?? null,
          webAddress: b.webAddress ?? null,
          status: 'Pending',
        },
      },
      { id: `app-${partnerId}`, occurredAt: new Date().toISOString() },
    );
    partnersUp = false;
    const res = await request(contracts.app)
      .post('/api/admin/contracts')
      .use(admin())
      .send(validContract(partnerId));
    partnersUp = true;
    expect(res.status).toBe(201);
    expect(res.body.partnerId).toBe(partnerId);
    // What a contract is prefilled from is kept; the web address, which no contract uses, is not.
    const kept = await findPartner(contracts.ctx.infra.readModels, partnerId);
    expect(kept).toMatchObject({ name: 'Applicant 3', organization: 'Fans Club 3', position: 'Chair' });
    expect(kept).not.toHaveProperty('webAddress');
  });

  it("When an application's message is recorded, then the view's new stream is not read first; delivered again, it appends nothing", async () => {
    const partnerId = `p-${Date.now().toString(36)}`;
    const submitted = {
      type: 'PartnerApplicationSubmitted' as const,
      version: 2 as const,
      data: {
        partnerId,
        name: 'Applicant 8',
        email: 'applicant8@fans.example',
        type: 'club' as const,
        organization: 'Fans Club 8',
        position: 'Chair',
        knownAs: null,
        webAddress: null,
        status: 'Pending' as const,
      },
    };
    const source = { id: `app-${partnerId}`, occurredAt: new Date().toISOString() };
    const reads = jest.spyOn(contracts.ctx.infra.eventStore, 'read');
    try {
      await recordPartnerEvent(contracts.ctx, submitted, source);
      expect(reads).not.toHaveBeenCalled();
      await recordPartnerEvent(contracts.ctx, submitted, source);
    } finally {
      reads.mockRestore();
    }
    expect(await contracts.ctx.infra.eventStore.read(`partner-view-${partnerId}`)).toHaveLength(1);
    expect(await findPartner(contracts.ctx.infra.readModels, partnerId)).toMatchObject({
      name: 'Applicant 8',
    });
  });

  it('When the partners service answers 500, then the answer is the retryable 503, not 404', async () => {
    const failing = (await import('express')).default();
    failing.use((_req, res) => res.status(500).json({ error: { code: 'internal', message: 'boom' } }));
    const broken = failing.listen(0, '127.0.0.1');
    await new Promise((r) => broken.once('listening', r));
    const brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
    const lookup = partnerLookup(contracts.ctx, { partnersUrl: brokenUrl, waitMs: 100 });
    try {
      // The domain error (Unavailable) as the edge answers it.
      const refused = await lookup('someone').then(
        () => undefined,
        (err: unknown) => toHttpError(err),
      );
      expect(refused).toMatchObject({
        status: 503,
        code: 'dependency_unavailable',
        headers: { 'Retry-After': '3' },
      });
    } finally {
      broken.close();
    }
  });
});
