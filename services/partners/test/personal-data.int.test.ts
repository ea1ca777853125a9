import request from 'supertest';
import { historyResponse } from '@12yards/api';
import {
  ERASED_PERSONAL_DATA,
  openSqlite,
  serviceDbFile,
  SqliteEventStore,
  type SqliteDb,
} from '@12yards/platform';
import { startTestService, type TestService } from '@12yards/platform/testing';
import { partnersService } from '../src/definition';
import { admin, applyAsClub } from './helpers';

const message = { name: 'Rosa Diaz', email: 'rosa@harbour.example', subject: 'Fan day', message: 'Call me' };

describe('partners service: personal data encrypted per data subject', () => {
  let svc: TestService;
  let raw: SqliteDb;
  beforeEach(async () => {
    svc = await startTestService(partnersService);
    raw = openSqlite(serviceDbFile(svc.env.DATA_DIR, 'partners'));
  });
  afterEach(async () => {
    raw.close();
    await svc.stop();
  });

  /** Every event as the store keeps it, read past the service's decryption. */
  const storedEvents = async () => JSON.stringify(await new SqliteEventStore(raw).readAll(0));
  const history = async (type: string, id: string) =>
    historyResponse.parse(
      (await request(svc.app).get(`/api/admin/history/${type}/${id}`).use(admin()).expect(200)).body,
    );

  it('When an application, an action about it and a message come in, then the store holds none of their personal fields in plain text while the screens read them', async () => {
    const partner = await applyAsClub(svc.app);
    await request(svc.app)
      .post(`/api/admin/partners/${partner.id}/actions`)
      .use(admin())
      .send({ actionText: 'Ring Ann about the kit deal' })
      .expect(201);
    const contact = (await request(svc.app).post('/api/contacts').send(message).expect(201)).body;

    const stored = await storedEvents();
    for (const plain of [
      'Ann Lee',
      'ann@riverside.example',
      'Riverside FC',
      'Ring Ann',
      'Rosa Diaz',
      'rosa@harbour',
      'Fan day',
      'Call me',
    ])
      expect(stored).not.toContain(plain);
    expect(stored).toContain('"membershipType":"paid"'); // what is not personal stays readable

    expect((await history('partner', partner.id))[0]!.changes).toMatchObject({
      name: { to: 'Ann Lee' },
      email: { to: 'ann@riverside.example' },
    });
    const detail = await request(svc.app).get(`/api/admin/partners/${partner.id}`).use(admin()).expect(200);
    expect(detail.body).toMatchObject({ name: 'Ann Lee', email: 'ann@riverside.example' });
    const messages = await request(svc.app).get('/api/contacts').use(admin()).expect(200);
    expect(messages.body).toEqual([expect.objectContaining({ id: contact.id, name: 'Rosa Diaz' })]);
  });

  it("When the applicant's key is erased, then their history reads 'Erased personal data' and the message sender's does not change", async () => {
    const partner = await applyAsClub(svc.app);
    const contact = (await request(svc.app).post('/api/contacts').send(message).expect(201)).body;
    expect(await svc.ctx.subjectKeys!.erase(`partner-${partner.id}`)).toBe(true);

    const [submitted] = await history('partner', partner.id);
    expect(submitted!.changes).toMatchObject({
      name: { to: ERASED_PERSONAL_DATA },
      email: { to: ERASED_PERSONAL_DATA },
      membershipType: { to: 'paid' },
    });
    expect(JSON.stringify(submitted)).not.toContain('Ann Lee');
    expect((await history('contact', contact.id))[0]!.changes).toMatchObject({ name: { to: 'Rosa Diaz' } });
  });
});
