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
  beforeAll(async () => {
    stack = await startStack({
      services: [partnersService, createContractsService({ partnerWaitMs: 2_000 })],
    });
  });
  afterAll(async () => stack.stop());

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
    const contract = (
      await agent
        .post('/api/admin/contracts')
        .set('X-CSRF-Token', csrf)
        .send(validContract(partnerId))
        .expect(201)
    ).body;
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
});
