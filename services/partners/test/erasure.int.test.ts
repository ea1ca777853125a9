import request from 'supertest';
import { historyResponse, privacyErasureRequest } from '@12yards/api';
import {
  emailHash,
  ERASED_PERSONAL_DATA,
  openSqlite,
  serviceDbFile,
  SqliteEventStore,
} from '@12yards/platform';
import { startTestService, TEST_SECRET, type TestService } from '@12yards/platform/testing';
import { partnersService } from '../src/definition';
import { addAction, admin, applyAsClub, clubApplication, editor, storedBytes } from './helpers';

const ann = clubApplication({ name: 'Annabel Quist', email: 'Annabel.Quist@riverside.example' });

describe('partners service: erasure of a person (POST /internal/privacy/erasure)', () => {
  let svc: TestService;
  beforeEach(async () => {
    svc = await startTestService(partnersService);
  });
  afterEach(async () => {
    await svc.stop();
  });

  const erase = (email: string, as = admin()) =>
    request(svc.app).post('/internal/privacy/erasure').use(as).send({ email });
  const stored = () => storedBytes(svc.env.DATA_DIR);

  it('When an admin erases an applicant who also sent a message, then every record of them is erased, the screens and history show "Erased personal data", and the file holds none of it', async () => {
    const partner = (await request(svc.app).post('/api/partners').send(ann).expect(201)).body;
    const other = await applyAsClub(svc.app);
    const action = await addAction(svc.app, partner.id, 'Phone Annabel on Friday');
    const contact = (
      await request(svc.app)
        .post('/api/contacts')
        .send({
          name: 'Annabel Quist',
          email: 'annabel.quist@riverside.example',
          subject: 'Kit',
          message: 'Hi',
        })
        .expect(201)
    ).body;
    expect(stored()).toContain('Annabel Quist');

    const res = await erase(' ANNABEL.QUIST@riverside.example ').expect(200);
    expect(res.body).toEqual({
      service: 'partners',
      erased: [
        { kind: 'application', id: partner.id },
        { kind: 'action', id: action.id },
        { kind: 'contact-message', id: contact.id },
      ],
    });

    const detail = (await request(svc.app).get(`/api/admin/partners/${partner.id}`).use(admin()).expect(200))
      .body;
    expect(detail).toMatchObject({ name: ERASED_PERSONAL_DATA, email: ERASED_PERSONAL_DATA, type: 'club' });
    expect(
      (await request(svc.app).get(`/api/admin/partners/${other.id}`).use(admin()).expect(200)).body,
    ).toMatchObject({ name: 'Ann Lee' });
    const history = historyResponse.parse(
      (await request(svc.app).get(`/api/admin/history/partner/${partner.id}`).use(admin()).expect(200)).body,
    );
    expect(history[0]!.changes).toMatchObject({ name: { to: ERASED_PERSONAL_DATA } });
    const activity = JSON.stringify(
      (await request(svc.app).get('/internal/activity').use(admin()).expect(200)).body,
    );
    expect(activity).not.toMatch(/Annabel|Quist/i);
    expect(activity).toContain(ERASED_PERSONAL_DATA);

    const bytes = stored();
    for (const plain of ['Annabel', 'Quist', 'annabel.quist', 'Phone Annabel'])
      expect(bytes).not.toContain(plain);
    expect(bytes).toContain('Ann Lee'); // the other applicant is untouched

    // Recorded under the email's keyed hash, never the email.
    const db = openSqlite(serviceDbFile(svc.env.DATA_DIR, 'partners'));
    const events = await new SqliteEventStore(db).readAll(0);
    db.close();
    const hash = emailHash('annabel.quist@riverside.example', TEST_SECRET);
    expect(events.at(-1)).toMatchObject({
      type: 'PersonalDataErased',
      streamId: `privacy-erasure-${hash}`,
      data: { emailHash: hash, erased: { application: 1, action: 1, 'contact-message': 1 } },
      meta: { actor: 'ops' },
    });
  });

  it('When the same person is erased again, then nothing is left to erase', async () => {
    await request(svc.app).post('/api/partners').send(ann).expect(201);
    await erase(ann.email as string).expect(200);
    expect((await erase(ann.email as string).expect(200)).body).toEqual({ service: 'partners', erased: [] });
  });

  it('When an editor asks, then 403; when the email is no email, then 400', async () => {
    await erase('a@b.example', editor()).expect(403);
    const bad = await erase('nope').expect(400);
    expect(bad.body.error.message).toContain('email');
    expect(privacyErasureRequest.safeParse({ email: ' x@y.example ' }).success).toBe(true);
  });
});
