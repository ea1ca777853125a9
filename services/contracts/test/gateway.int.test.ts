import PizZip from 'pizzip';
import request from 'supertest';
import { startStack, TEST_EDITOR, type Stack } from '@12yards/gateway/testing';
import { partnersService } from '@12yards/partners/src/definition';
import { createContractsService } from '../src/definition';
import { binary, validContract } from './helpers';

const until = async <T>(probe: () => Promise<T | undefined>, what: string): Promise<T> => {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('contracts through the gateway, with the partners service', () => {
  let stack: Stack;
  /** The clock of the gateway and both services: the real time unless a test moves it (and puts it back). */
  let now: Date | undefined;
  beforeAll(async () => {
    stack = await startStack({
      services: [partnersService, createContractsService({ partnerWaitMs: 2_000, expirySweepMs: 100 })],
      clock: () => now ?? new Date(),
    });
  });
  afterAll(async () => stack.stop());
  afterEach(() => {
    now = undefined;
  });

  type Agent = Awaited<ReturnType<Stack['login']>>['agent'];
  const applyAsPartner = async (name: string) =>
    (
      await request(stack.app)
        .post('/api/partners')
        .send({
          name,
          email: `${name.toLowerCase().replace(/\W+/g, '.')}@fans.example`,
          type: 'club',
          organization: `${name} Fans`,
          position: 'Chair',
          message: 'We would like to partner',
        })
        .expect(201)
    ).body.id as string;
  const partnerState = (agent: Agent, id: string, fields: Record<string, unknown>, what: string) =>
    until(async () => {
      const p = (await agent.get(`/api/admin/partners/${id}`).expect(200)).body;
      return Object.entries(fields).every(([k, v]) => p[k] === v) ? p : undefined;
    }, what);
  const setStatus = (agent: Agent, csrf: string, id: string, status: string) =>
    agent.put(`/api/admin/partners/${id}/status`).set('X-CSRF-Token', csrf).send({ status });
  /** Creates a contract through the gateway (201); `changes` replace fields of the valid one. */
  const createContract = (agent: Agent, csrf: string, partnerId: string, changes: object = {}) =>
    agent
      .post('/api/admin/contracts')
      .set('X-CSRF-Token', csrf)
      .send({ ...validContract(partnerId), ...changes })
      .expect(201);

  it('When there is no admin session, then contract and template routes answer 401', async () => {
    await request(stack.app).post('/api/admin/contracts').send(validContract('x')).expect(401);
    await request(stack.app).get('/api/admin/contract-templates').expect(401);
    await request(stack.app).get('/api/admin/partners/x/contracts').expect(401);
    await request(stack.app).post('/api/admin/contracts/x/generate-document').expect(401);
  });

  it('When an applicant becomes a contract partner, then GET /api/partners shows the partner as Partner and a document can be downloaded', async () => {
    const applied = await request(stack.app)
      .post('/api/partners')
      .send({
        name: 'Sam Carter',
        email: 'sam@leedsfans.example',
        type: 'club',
        organization: 'Leeds Fans',
        position: 'Chair',
        message: 'We would like to partner',
      })
      .expect(201);
    const partnerId = applied.body.id as string;
    const { agent, csrf } = await stack.login();

    // Without the CSRF token the write is refused.
    await agent.post('/api/admin/contracts').send(validContract(partnerId)).expect(403);
    // The partner reaches the contracts service over the bus; the write waits for it briefly.
    const contract = (await createContract(agent, csrf, partnerId)).body;
    expect((await agent.get(`/api/admin/partners/${partnerId}/contracts`).expect(200)).body).toEqual([
      contract,
    ]);

    const promoted = await until(async () => {
      const list = (await agent.get('/api/partners').expect(200)).body as { id: string; status: string }[];
      const p = list.find((x) => x.id === partnerId);
      return p?.status === 'Partner' ? p : undefined;
    }, 'the partner to be promoted');
    expect(promoted).toMatchObject({ status: 'Partner', statusLocked: true, activeContracts: 1 });

    const doc = await agent
      .post(`/api/admin/contracts/${contract.id}/generate-document`)
      .set('X-CSRF-Token', csrf)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(doc.headers['content-disposition']).toContain(`contract-${contract.id}.docx`);
    const xml = new PizZip(doc.body).file('word/document.xml')!.asText();
    expect(xml).toContain('Sam Carter'); // partnerName, from the partner view
    expect(xml).toContain(contract.registrationNumber);
  });

  it('When a template is uploaded through the gateway, then the multipart body arrives whole; an editor cannot delete it', async () => {
    const { agent, csrf } = await stack.login();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const t = (
      await agent
        .post('/api/admin/contract-templates')
        .set('X-CSRF-Token', csrf)
        .field('name', 'Printed')
        .field('validFromDate', '2026-01-01')
        .attach('file', pdf, 'printed.pdf')
        .expect(201)
    ).body;
    expect(t).toMatchObject({ name: 'Printed', mimeType: 'application/pdf', size: pdf.length });
    const file = await agent.get(t.fileUrl).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(file.body, pdf)).toBe(0);
    const ed = await stack.login(TEST_EDITOR);
    await ed.agent.delete(`/api/admin/contract-templates/${t.id}`).set('X-CSRF-Token', ed.csrf).expect(403);
    await agent.delete(`/api/admin/contract-templates/${t.id}`).set('X-CSRF-Token', csrf).expect(204);
  });

  it('When the partner’s only contract is deleted, then the partners service unlocks the partner: a manual status change answers 200', async () => {
    const partnerId = await applyAsPartner('Dana Reed');
    const { agent, csrf } = await stack.login();
    const contract = (await createContract(agent, csrf, partnerId)).body;
    await partnerState(agent, partnerId, { status: 'Partner', statusLocked: true }, 'the promotion');
    const locked = await setStatus(agent, csrf, partnerId, 'Approved').expect(409);
    expect(locked.body.error.message).toMatch(/locked to Partner/);

    const ed = await stack.login(TEST_EDITOR);
    await ed.agent.delete(`/api/admin/contracts/${contract.id}`).set('X-CSRF-Token', ed.csrf).expect(403);
    await agent.delete(`/api/admin/contracts/${contract.id}`).set('X-CSRF-Token', csrf).expect(204);
    expect((await agent.get(`/api/admin/partners/${partnerId}/contracts`).expect(200)).body).toEqual([]);

    const unlocked = await partnerState(
      agent,
      partnerId,
      { statusLocked: false, activeContracts: 0 },
      'the unlock after the deletion',
    );
    expect(unlocked.status).toBe('Partner');
    const res = await setStatus(agent, csrf, partnerId, 'Approved').expect(200);
    expect(res.body).toMatchObject({ status: 'Approved', statusLocked: false });
  });

  it('When one of two contracts passes its end date, then the partner stays locked; when both have, then it unlocks', async () => {
    const partnerId = await applyAsPartner('Lee Marsh');
    let { agent, csrf } = await stack.login();
    await createContract(agent, csrf, partnerId); // ends 2027-11-30
    await createContract(agent, csrf, partnerId, { endDate: '2028-11-30', lengthMonths: 24 });
    await partnerState(agent, partnerId, { statusLocked: true, activeContracts: 2 }, 'both promotions');

    // A year on (a new session: the old one went idle); the contracts service's periodic sweep ends the first.
    now = new Date('2027-12-01T09:00:00.000Z');
    ({ agent, csrf } = await stack.login());
    await partnerState(agent, partnerId, { activeContracts: 1 }, 'the first contract to end');
    await partnerState(agent, partnerId, { status: 'Partner', statusLocked: true }, 'the lock to stay');
    await setStatus(agent, csrf, partnerId, 'Approved').expect(409);

    now = new Date('2028-12-01T09:00:00.000Z');
    ({ agent, csrf } = await stack.login());
    await partnerState(
      agent,
      partnerId,
      { status: 'Partner', statusLocked: false, activeContracts: 0 },
      'the second contract to end',
    );
    await setStatus(agent, csrf, partnerId, 'Approved').expect(200);
  });
});
