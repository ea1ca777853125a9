import PizZip from 'pizzip';
import request from 'supertest';
import { buildDocx, simpleDocumentXml } from '../src/document/default-template';
import { admin, startContracts, type Harness } from './helpers';

const missingOnly = {
  registrationNumber: '01234567',
  companyAddress: '1 Elland Road, Leeds',
  clientTelephone: '+44 113 000 0000',
  setupFee: '£1,500',
  penaltyFeePerMonth: '£250',
};

describe('contracts service: POST /api/admin/contracts/generate', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startContracts({}, () => new Date('2026-11-22T09:30:00.000Z'));
  });
  afterEach(async () => h.stop());
  const generate = (body: object) =>
    request(h.app).post('/api/admin/contracts/generate').use(admin()).send(body);

  it('When only the partner is given, then 400 lists exactly the details a partner does not have, and nothing is created', async () => {
    const partner = await h.addPartner();
    const res = await generate({ partnerId: partner.id }).expect(400);
    expect(res.body.error).toEqual({
      code: 'missing_fields',
      message:
        'Missing contract details: registration number, company address, client phone, setup fee, penalty fee per month',
      details: [
        'registrationNumber',
        'companyAddress',
        'clientTelephone',
        'setupFee',
        'penaltyFeePerMonth',
      ].map((path) => expect.objectContaining({ path })),
    });
    expect(
      (await request(h.app).get(`/api/admin/partners/${partner.id}/contracts`).use(admin()).expect(200)).body,
    ).toEqual([]);
  });

  it('When the missing details are given, then 201 creates a contract prefilled from the partner, today and the latest template', async () => {
    const partner = await h.addPartner({
      name: 'Alex Smith',
      email: 'alex@leedsfans.example',
      organization: 'Leeds Fans',
      position: 'Chair',
    });
    await request(h.app)
      .post('/api/admin/contract-templates')
      .use(admin())
      .field('name', 'Standard')
      .field('validFromDate', '2026-01-01')
      .attach('file', buildDocx(simpleDocumentXml(['Agreement with {companyName}'])), 'standard.docx')
      .expect(201);
    const templates = (await request(h.app).get('/api/admin/contract-templates').use(admin())).body;
    const res = await generate({ partnerId: partner.id, ...missingOnly }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      partnerId: partner.id,
      companyName: 'Leeds Fans',
      clientName: 'Alex Smith',
      clientEmail: 'alex@leedsfans.example',
      clientPosition: 'Chair',
      startDate: '2026-11-22',
      lengthMonths: 12,
      endDate: '2027-11-21',
      platformName: '12Yards',
      revenueSharePercent: 0,
      pollsPerMonth: 0,
      auctionsPerMonth: 0,
      articlesPerWeek: 0,
      quizPerMonth: 0,
      ...missingOnly,
      templateId: templates[0].id,
      createdAt: '2026-11-22T09:30:00.000Z',
      endedAt: null,
      version: 1,
    });
    expect(
      (await request(h.app).get(`/api/admin/partners/${partner.id}/contracts`).use(admin())).body,
    ).toEqual([res.body]);
    const types = (await h.svc.ctx.infra.eventStore.readAll(0)).map((e) => e.type);
    expect(types).toContain('ContractCreated');
    // and its document comes from that template
    const doc = await h.generateDocument(res.body.id).expect(200);
    expect(new PizZip(doc.body).file('word/document.xml')!.asText()).toContain('Agreement with Leeds Fans');
  });

  it('When the partner changed its details, then the prefill uses the new ones', async () => {
    const partner = await h.addPartner({
      type: 'influencer',
      organization: null,
      position: null,
      knownAs: 'AlexTV',
    });
    await h.changePartner(partner.id, { name: 'Alex Jones', email: 'jones@example.com' });
    const missing = await generate({ partnerId: partner.id, ...missingOnly }).expect(400);
    expect(missing.body.error.message).toBe('Missing contract details: client position');
    const res = await generate({
      partnerId: partner.id,
      ...missingOnly,
      clientPosition: 'Creator',
      lengthMonths: 6,
      revenueSharePercent: 50,
    }).expect(201);
    expect(res.body).toMatchObject({
      companyName: 'AlexTV',
      clientName: 'Alex Jones',
      clientEmail: 'jones@example.com',
      endDate: '2027-05-21',
      revenueSharePercent: 50,
      templateId: null,
    });
  });

  it('When a given field breaks a limit or the partner is unknown, then 400 or 404', async () => {
    const partner = await h.addPartner();
    const res = await generate({ partnerId: partner.id, ...missingOnly, revenueSharePercent: 51 }).expect(
      400,
    );
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'revenueSharePercent' })]);
    await generate({ partnerId: partner.id, ...missingOnly, lengthMonths: 0 }).expect(400);
    await generate({
      partnerId: partner.id,
      ...missingOnly,
      startDate: '2026-12-01',
      endDate: '2026-11-01',
    }).expect(400);
    await generate({ partnerId: 'nobody', ...missingOnly }).expect(404);
    await generate({}).expect(400);
  });
});
