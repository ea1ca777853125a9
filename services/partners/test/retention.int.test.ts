import request from 'supertest';
import {
  ERASED_PERSONAL_DATA,
  openSqlite,
  serviceDbFile,
  SqliteEventStore,
  sweepRetention,
} from '@12yards/platform';
import { startTestService, type TestService } from '@12yards/platform/testing';
import { partnersService } from '../src/definition';
import { partnersPersonalDataHolder, partnersRetention } from '../src/privacy';
import { addAction, admin, applyAsClub } from './helpers';

const MONTH_MS = 31 * 24 * 60 * 60 * 1000;

describe('partners service: retention sweep of applications that never became partners and of messages (moved clock)', () => {
  let svc: TestService;
  let now: Date;
  beforeEach(async () => {
    now = new Date();
    svc = await startTestService(partnersService, { clock: () => now });
  });
  afterEach(async () => {
    await svc.stop();
  });

  const sweep = (months = 24) =>
    sweepRetention(
      svc.ctx,
      partnersPersonalDataHolder(svc.ctx.infra.readModels),
      partnersRetention(svc.ctx.infra.readModels, svc.ctx.infra.eventStore),
      'partners',
      months,
    );
  const shown = async (path: string) => (await request(svc.app).get(path).use(admin()).expect(200)).body;
  const messageShown = async (id: string) =>
    ((await shown('/api/contacts?limit=100')) as { id: string }[]).find((m) => m.id === id);

  /** An applicant with an action item about them, a partner, and a message: all written now. */
  async function written() {
    const applicant = await applyAsClub(svc.app, { name: 'Cora Lindqvist', email: 'cora@lakeside.example' });
    const action = await addAction(svc.app, applicant.id, 'Call Cora back');
    const partner = await applyAsClub(svc.app);
    await request(svc.app)
      .put(`/api/admin/partners/${partner.id}`)
      .use(admin())
      .send({ status: 'Partner' })
      .expect(200);
    const message = (
      await request(svc.app)
        .post('/api/contacts')
        .send({ name: 'Dev Patel', email: 'dev@example.com', subject: 'Tickets', message: 'Hello' })
        .expect(201)
    ).body;
    return { applicant, action, partner, message };
  }

  it('When the clock is 25 months on, then the application that never became a partner, the action about it and the message are erased, the partner is kept, and a second sweep finds nothing', async () => {
    const { applicant, partner, message } = await written();
    now = new Date(now.getTime() + 25 * MONTH_MS);

    expect(await sweep()).toBe(3);
    expect(await shown(`/api/admin/partners/${applicant.id}`)).toMatchObject({
      name: ERASED_PERSONAL_DATA,
      email: ERASED_PERSONAL_DATA,
      type: 'club',
    });
    const actions = await shown(`/api/admin/partners/${applicant.id}/actions`);
    expect(JSON.stringify(actions)).not.toContain('Call Cora back');
    expect(JSON.stringify(actions)).toContain(ERASED_PERSONAL_DATA);
    expect(await messageShown(message.id)).toMatchObject({
      name: ERASED_PERSONAL_DATA,
      message: ERASED_PERSONAL_DATA,
    });
    expect(await shown(`/api/admin/partners/${partner.id}`)).toMatchObject({ name: 'Ann Lee' });

    // Recorded as expired, with the counts and the cutoff, never a personal field.
    const db = openSqlite(serviceDbFile(svc.env.DATA_DIR, 'partners'));
    const events = await new SqliteEventStore(db).readAll(0);
    db.close();
    const expired = events.filter((e) => e.type === 'PersonalDataExpired');
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({
      streamId: 'privacy-retention-partners',
      data: { retentionMonths: 24, erased: { application: 1, action: 1, 'contact-message': 1 } },
      meta: { actor: 'retention-sweep' },
    });
    expect(JSON.stringify(expired[0])).not.toMatch(/Cora|Dev Patel/);

    expect(await sweep()).toBe(0);
  });

  it('When the clock is 23 months on, then nothing is erased; with a retention of 12 months, everything but the partner is', async () => {
    const { applicant, message } = await written();
    now = new Date(now.getTime() + 23 * MONTH_MS);
    expect(await sweep()).toBe(0);
    expect(await shown(`/api/admin/partners/${applicant.id}`)).toMatchObject({ name: 'Cora Lindqvist' });
    expect(await messageShown(message.id)).toMatchObject({ name: 'Dev Patel' });
    expect(await sweep(12)).toBe(3);
  });

  it('When an action about an old application changed recently, then the application is kept (its last change counts)', async () => {
    const { applicant, action } = await written();
    now = new Date(now.getTime() + 20 * MONTH_MS);
    await request(svc.app)
      .put(`/api/admin/partners/${applicant.id}/actions/${action.id}`)
      .use(admin())
      .send({ notes: 'Still interested' })
      .expect(200);
    now = new Date(now.getTime() + 5 * MONTH_MS);
    expect(await sweep()).toBe(1); // the message only
    expect(await shown(`/api/admin/partners/${applicant.id}`)).toMatchObject({ name: 'Cora Lindqvist' });
  });
});
