import request from 'supertest';
import { privacyRetention } from '@12yards/api';
import { ERASED_PERSONAL_DATA, sweepRetention } from '@12yards/platform';
import { startTestService, type TestService } from '@12yards/platform/testing';
import { partnersService } from '../src/definition';
import { partnersIntegrationEvents } from '../src/integration-events';
import { partnersPersonalDataHolder, partnersRetention } from '../src/privacy';
import { retentionMonths } from '../src/retention-setting';
import { admin, applyAsClub, editor } from './helpers';

const MONTH_MS = 31 * 24 * 60 * 60 * 1000;

/** Issue 26 item 4: the retention period is a setting an admin changes, and the sweep applies the one in force. */
describe('partners service: the retention setting (GET/PUT /api/admin/privacy/retention)', () => {
  let svc: TestService;
  let now: Date;
  beforeEach(async () => {
    now = new Date('2026-11-26T20:00:00.000Z');
    svc = await startTestService(partnersService, { clock: () => now });
  });
  afterEach(async () => {
    await svc.stop();
  });

  const setting = async (as = admin()) =>
    privacyRetention.parse(
      (await request(svc.app).get('/api/admin/privacy/retention').use(as).expect(200)).body,
    );
  const put = (body: unknown, as = admin()) =>
    request(svc.app)
      .put('/api/admin/privacy/retention')
      .use(as)
      .send(body as object);
  /** The sweep as the service runs it: with the setting read at each run. */
  const sweep = () =>
    sweepRetention(
      svc.ctx,
      partnersPersonalDataHolder(svc.ctx.infra.readModels),
      partnersRetention(svc.ctx.infra.readModels, svc.ctx.infra.eventStore),
      'partners',
      retentionMonths(svc.ctx),
    );

  it('When no admin has set it, then it reads PRIVACY_RETENTION_MONTHS, to an editor too', async () => {
    expect(await setting(editor())).toEqual({
      months: 24,
      defaultMonths: 24,
      changedAt: null,
      changedBy: null,
    });
    await request(svc.app).get('/api/admin/privacy/retention').expect(401);
  });

  it('When an admin sets it, then it is in force with who and when; an editor is refused, and a value out of bounds is refused saying why', async () => {
    const refused = await put({ months: 6 }, editor()).expect(403);
    expect(refused.body.error.message).toBe('This action needs the admin role');
    for (const [body, message] of [
      [{ months: 0 }, 'months must be at least 1'],
      [{ months: 601 }, 'months must be at most 600 (50 years)'],
      [{ months: 2.5 }, 'months must be a whole number of months'],
      [{ months: '6' }, 'months must be a whole number of months'],
      [{}, 'months must be a whole number of months'],
    ] as const) {
      const res = await put(body).expect(400);
      expect(JSON.stringify(res.body.error)).toContain(message);
    }
    expect((await setting()).months).toBe(24);

    const res = await put({ months: 6 }).expect(200);
    const expected = {
      months: 6,
      defaultMonths: 24,
      changedAt: '2026-11-26T20:00:00.000Z',
      changedBy: 'ops',
    };
    expect(res.body).toEqual(expected);
    expect(await setting()).toEqual(expected);
    // The same value again records nothing new.
    now = new Date('2026-11-27T08:00:00.000Z');
    expect((await put({ months: 6 }).expect(200)).body).toEqual(expected);
    const stream = await svc.ctx.infra.eventStore.read('privacy-retention-setting');
    expect(stream.map((e) => [e.type, e.data])).toEqual([
      ['RetentionPeriodSet', { months: 6, previousMonths: 24, at: '2026-11-26T20:00:00.000Z' }],
    ]);
  });

  it('When the period is set to 6 months, then the sweep erases an application unchanged for 7 months (kept under the default 24), the export says 6, and the partners topic names the application for the contracts service', async () => {
    const cora = await applyAsClub(svc.app, { name: 'Cora Lindqvist', email: 'cora@lakeside.example' });
    now = new Date(now.getTime() + 7 * MONTH_MS);
    expect(await sweep()).toBe(0); // 24 months by default: kept

    await put({ months: 6 }).expect(200);
    const exported = (
      await request(svc.app)
        .get('/internal/privacy/export?email=cora@lakeside.example')
        .use(admin())
        .expect(200)
    ).body;
    expect(exported.retentionMonths).toBe(6);

    expect(await sweep()).toBe(1);
    const detail = (await request(svc.app).get(`/api/admin/partners/${cora.id}`).use(admin()).expect(200))
      .body;
    expect(detail).toMatchObject({ name: ERASED_PERSONAL_DATA, email: ERASED_PERSONAL_DATA });

    const [expired] = await svc.ctx.infra.eventStore.read('privacy-retention-partners');
    expect(expired!.data).toMatchObject({
      retentionMonths: 6,
      records: [{ kind: 'application', id: cora.id }],
    });
    expect(JSON.stringify(expired!.data)).not.toContain('cora');
    expect(partnersIntegrationEvents(expired!)).toMatchObject({
      type: 'ApplicationsExpired',
      version: 1,
      data: { partnerIds: [cora.id] },
    });
  });
});
