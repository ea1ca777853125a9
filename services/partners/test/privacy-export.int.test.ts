import request from 'supertest';
import { serviceExport } from '@12yards/api';
import { partnersService } from '../src/definition';
import { addAction, admin, applyAsClub, clubApplication, editor } from './helpers';
import { startTestService, type TestService } from '@12yards/platform/testing';

const email = 'Bea.Okafor@hillside.example';

describe('partners service: export of a person (GET /internal/privacy/export)', () => {
  let svc: TestService;
  beforeEach(async () => {
    svc = await startTestService(partnersService);
  });
  afterEach(async () => {
    await svc.stop();
  });

  const exportOf = (address: string, as = admin()) =>
    request(svc.app)
      .get(`/internal/privacy/export?${new URLSearchParams({ email: address })}`)
      .use(as);

  it('When an admin exports an applicant who also wrote, then their application, the action item about them and their message are answered with their fields by label, and no one else', async () => {
    const partner = await applyAsClub(svc.app, { name: 'Bea Okafor', email, organization: 'Hillside FC' });
    await request(svc.app).post('/api/partners').send(clubApplication()).expect(201);
    const action = await addAction(svc.app, partner.id, 'Send Bea the kit sizes');
    const contact = (
      await request(svc.app)
        .post('/api/contacts')
        .send({ name: 'Bea Okafor', email: email.toLowerCase(), subject: 'Tickets', message: 'Two please' })
        .expect(201)
    ).body;

    const res = await exportOf(` ${email.toUpperCase()} `).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const today = new Date().toISOString().slice(0, 10);
    expect(serviceExport.parse(res.body)).toEqual({
      service: 'partners',
      retentionMonths: 24, // PRIVACY_RETENTION_MONTHS's default
      records: [
        {
          kind: 'application',
          id: partner.id,
          title: `Application (club), received ${today}`,
          fields: expect.objectContaining({
            Name: 'Bea Okafor',
            Email: email,
            Organisation: 'Hillside FC',
            Message: 'We would like to bring our fans',
            Status: 'Pending',
          }),
        },
        {
          kind: 'action',
          id: action.id,
          title: `Action item about their application, created ${today}`,
          fields: expect.objectContaining({
            Action: 'Send Bea the kit sizes',
            Completed: false,
            'About application': partner.id,
          }),
        },
        {
          kind: 'contact-message',
          id: contact.id,
          title: `Message "Tickets", received ${today}`,
          fields: expect.objectContaining({ Name: 'Bea Okafor', Subject: 'Tickets', Message: 'Two please' }),
        },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain('Ann Lee');
    // Fields that hold nothing are left out, not shown empty.
    expect(res.body.records[0].fields).not.toHaveProperty('Twitter account');
  });

  it('When the person was erased, then the export finds nothing of them', async () => {
    await request(svc.app).post('/api/partners').send(clubApplication({ email })).expect(201);
    await request(svc.app).post('/internal/privacy/erasure').use(admin()).send({ email }).expect(200);
    expect((await exportOf(email).expect(200)).body).toEqual({
      service: 'partners',
      records: [],
      retentionMonths: 24,
    });
  });

  it('When an editor asks, then 403; when the email is missing or no email, then 400 saying so', async () => {
    await exportOf(email, editor()).expect(403);
    const bad = await exportOf('nope').expect(400);
    expect(bad.body.error.message).toContain('email');
    await request(svc.app).get('/internal/privacy/export').use(admin()).expect(400);
  });
});
