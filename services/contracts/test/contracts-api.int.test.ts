import request from 'supertest';
import { Projector } from '@12yards/platform';
import { endExpiredContracts } from '../src/contract/expiry';
import { contractsProjections } from '../src/definition';
import { admin, startContractsWithPartner, validContract, type Harness } from './helpers';

describe('contracts service: contracts', () => {
  let h: Harness;
  let partnerId: string;
  beforeEach(async () => ({ h, partnerId } = await startContractsWithPartner()));
  afterEach(async () => h.stop());

  const post = (body: object) => request(h.app).post('/api/admin/contracts').use(admin()).send(body);
  const put = (id: string, body: object) =>
    request(h.app).put(`/api/admin/contracts/${id}`).use(admin()).send(body);
  const listed = async () =>
    (await request(h.app).get(`/api/admin/partners/${partnerId}/contracts`).use(admin()).expect(200)).body;
  const storedTypes = async () => (await h.svc.ctx.infra.eventStore.readAll(0)).map((e) => e.type);

  it('When an admin creates a contract, then 201 returns it, the partner lists it and ContractCreated is published', async () => {
    const res = await post(validContract(partnerId)).expect(201);
    expect(res.body).toEqual({
      ...validContract(partnerId),
      id: expect.any(String),
      templateId: null,
      createdAt: expect.any(String),
      endedAt: null,
      version: 1,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await listed()).toEqual([res.body]);
    const events = await h.svc.ctx.infra.eventStore.readAll(0);
    const created = events.find((e) => e.type === 'ContractCreated')!;
    const { partnerId: _p, ...terms } = validContract(partnerId);
    expect(created.data).toEqual({
      contractId: res.body.id,
      partnerId,
      ...terms,
      templateId: null,
      createdAt: res.body.createdAt,
    });
    expect(created.meta).toMatchObject({ actor: 'ops' });
  });

  it('When the numeric fields are left out, then they default to 0', async () => {
    const {
      revenueSharePercent: _r,
      pollsPerMonth: _p,
      auctionsPerMonth: _a,
      articlesPerWeek: _w,
      quizPerMonth: _q,
      ...rest
    } = validContract(partnerId);
    const res = await post(rest).expect(201);
    expect(res.body).toMatchObject({
      revenueSharePercent: 0,
      pollsPerMonth: 0,
      auctionsPerMonth: 0,
      articlesPerWeek: 0,
      quizPerMonth: 0,
    });
  });

  it.each([0, 50])('When revenueSharePercent is %i, then the contract is created', async (v) => {
    expect(
      (await post({ ...validContract(partnerId), revenueSharePercent: v }).expect(201)).body
        .revenueSharePercent,
    ).toBe(v);
  });

  it.each([
    ['revenueSharePercent', 51],
    ['revenueSharePercent', -1],
    ['lengthMonths', 0],
    ['pollsPerMonth', -1],
    ['auctionsPerMonth', -1],
    ['articlesPerWeek', -1],
    ['quizPerMonth', -1],
    ['clientEmail', 'not-an-email'],
    ['companyName', ''],
  ])('When %s is %p, then 400 names it and nothing is written', async (field, value) => {
    const res = await post({ ...validContract(partnerId), [field]: value }).expect(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: field })]);
    expect(await storedTypes()).not.toContain('ContractCreated');
    expect(await listed()).toEqual([]);
  });

  it('When the quotas are 0 and the term is 1 month, then the contract is created', async () => {
    const zero = {
      pollsPerMonth: 0,
      auctionsPerMonth: 0,
      articlesPerWeek: 0,
      quizPerMonth: 0,
      lengthMonths: 1,
    };
    expect((await post({ ...validContract(partnerId), ...zero }).expect(201)).body).toMatchObject(zero);
  });

  it('When the end date is before the start date, then 400 on endDate; the same day is accepted', async () => {
    const res = await post({
      ...validContract(partnerId),
      startDate: '2026-12-01',
      endDate: '2026-11-30',
    }).expect(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ path: 'endDate', message: 'End date must not be before the start date' }),
    ]);
    await post({ ...validContract(partnerId), startDate: '2026-12-01', endDate: '2026-12-01' }).expect(201);
  });

  it('When every required field is missing, then 400 lists them all', async () => {
    const res = await post({ partnerId }).expect(400);
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'companyName',
        'registrationNumber',
        'companyAddress',
        'clientName',
        'clientEmail',
        'clientTelephone',
        'clientPosition',
        'startDate',
        'endDate',
        'lengthMonths',
        'platformName',
        'setupFee',
        'penaltyFeePerMonth',
      ]),
    );
  });

  it('When the partner is unknown, then 404 and nothing is written', async () => {
    const res = await post(validContract('no-such-partner')).expect(404);
    expect(res.body.error).toMatchObject({
      code: 'not_found',
      message: 'No partner with id no-such-partner',
    });
    expect(await storedTypes()).not.toContain('ContractCreated');
  });

  it('When a contract is edited, then PUT returns the new terms, keeps id, partner and createdAt, and appends ContractUpdated', async () => {
    const created = (await post(validContract(partnerId)).expect(201)).body;
    const { partnerId: _p, ...terms } = validContract(partnerId);
    const res = await put(created.id, { ...terms, revenueSharePercent: 50, setupFee: '£2,000' }).expect(200);
    expect(res.body).toEqual({
      ...created,
      revenueSharePercent: 50,
      setupFee: '£2,000',
      updatedAt: expect.any(String),
      version: 2,
    });
    expect(await listed()).toEqual([res.body]);
    const updated = (await h.svc.ctx.infra.eventStore.readAll(0)).find((e) => e.type === 'ContractUpdated')!;
    expect(updated.data).toMatchObject({
      contractId: created.id,
      partnerId,
      revenueSharePercent: 50,
      setupFee: '£2,000',
    });
  });

  it('When an edit breaks a limit or names another partner, then 400 and the contract is unchanged', async () => {
    const created = (await post(validContract(partnerId)).expect(201)).body;
    await put(created.id, { ...validContract(partnerId), revenueSharePercent: 51 }).expect(400);
    await put(created.id, { ...validContract(partnerId), lengthMonths: 0 }).expect(400);
    const other = await h.addPartner({ name: 'Other' });
    await put(created.id, validContract(other.id)).expect(400);
    expect(await listed()).toEqual([created]);
  });

  it('When an unknown contract is edited or read, then 404', async () => {
    await request(h.app)
      .put('/api/admin/contracts/nope')
      .use(admin())
      .send(validContract(partnerId))
      .expect(404);
    await request(h.app).get('/api/admin/contracts/nope').use(admin()).expect(404);
  });

  it('When a partner has no contracts, then its list is empty; an unknown partner is 404', async () => {
    expect(await listed()).toEqual([]);
    await request(h.app).get('/api/admin/partners/nope/contracts').use(admin()).expect(404);
  });

  it('When contracts belong to two partners, then each partner lists only its own, oldest first', async () => {
    const other = (await h.addPartner({ name: 'Other' })).id;
    const a = (await post(validContract(partnerId)).expect(201)).body;
    const b = (await post({ ...validContract(partnerId), companyName: 'Second' }).expect(201)).body;
    const c = (await post(validContract(other)).expect(201)).body;
    expect((await listed()).map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);
    const others = (
      await request(h.app).get(`/api/admin/partners/${other}/contracts`).use(admin()).expect(200)
    ).body;
    expect(others.map((x: { id: string }) => x.id)).toEqual([c.id]);
  });

  it('When no admin identity is sent, then every contract route answers 401', async () => {
    await request(h.app).post('/api/admin/contracts').send(validContract(partnerId)).expect(401);
    await request(h.app).put('/api/admin/contracts/x').send(validContract(partnerId)).expect(401);
    await request(h.app).get(`/api/admin/partners/${partnerId}/contracts`).expect(401);
    await request(h.app).post('/api/admin/contracts/generate').send({ partnerId }).expect(401);
    await request(h.app).post('/api/admin/contracts/x/generate-document').expect(401);
  });

  it('When the service restarts, then contracts and the partner view are kept and no partner event is applied twice', async () => {
    const created = (await post(validContract(partnerId)).expect(201)).body;
    const before = (await h.svc.ctx.infra.eventStore.readAll(0)).length;
    await h.restart();
    expect(await listed()).toEqual([created]);
    await new Promise((r) => setTimeout(r, 300)); // the bus would redeliver here if its checkpoint were lost
    expect((await h.svc.ctx.infra.eventStore.readAll(0)).length).toBe(before);
    await post(validContract(partnerId)).expect(201);
  });

  it('When the read models are rebuilt from the events, then every answer is the same', async () => {
    const other = (await h.addPartner({ name: 'Other' })).id;
    const a = (await post(validContract(partnerId)).expect(201)).body;
    await put(a.id, { ...validContract(partnerId), quizPerMonth: 9 }).expect(200);
    await post(validContract(other)).expect(201);
    await h.changePartner(other, { name: 'Renamed' });
    // Ended, ended and reactivated, deleted: the contracts' own bookkeeping must come back the same too.
    const past = { startDate: '2025-01-01', endDate: '2025-12-31' };
    await post({ ...validContract(partnerId), ...past, companyName: 'Ended' }).expect(201);
    const renewed = (await post({ ...validContract(partnerId), ...past, companyName: 'Renewed' }).expect(201))
      .body;
    const gone = (await post({ ...validContract(partnerId), companyName: 'Deleted' }).expect(201)).body;
    expect(await endExpiredContracts(h.svc.ctx)).toBe(2);
    const { partnerId: _p, ...terms } = validContract(partnerId);
    await put(renewed.id, {
      ...terms,
      startDate: '2025-01-01',
      endDate: '2099-12-31',
      companyName: 'Renewed',
    }).expect(200);
    await request(h.app).delete(`/api/admin/contracts/${gone.id}`).use(admin()).expect(204);
    expect(await storedTypes()).toEqual(
      expect.arrayContaining(['ContractEnded', 'ContractReactivated', 'ContractDeleted']),
    );
    const answers = async () => ({
      mine: await listed(),
      other: (await request(h.app).get(`/api/admin/partners/${other}/contracts`).use(admin()).expect(200))
        .body,
      one: (await request(h.app).get(`/api/admin/contracts/${a.id}`).use(admin()).expect(200)).body,
    });
    const live = await answers();
    const models = h.svc.ctx.infra.readModels;
    expect(
      live.mine.map((c: { companyName: string; endedAt: string | null }) => [c.companyName, c.endedAt]),
    ).toEqual([
      ['Leeds Fans Ltd', null],
      ['Ended', expect.any(String)],
      ['Renewed', null],
    ]);
    const partnersLive = await models.collection('partners_view').find();
    const contractRows = () =>
      models.collection<{ id: string; companyName: string; ended: boolean }>('contracts').find({
        sort: [{ field: 'id', dir: 'asc' }],
      });
    const contractsLive = await contractRows();
    expect(contractsLive.filter((c) => c.ended).map((c) => c.companyName)).toEqual(['Ended']);
    await new Projector(h.svc.ctx.infra.eventStore, models, contractsProjections).rebuild();
    expect(await answers()).toEqual(live);
    expect(await models.collection('partners_view').find()).toEqual(partnersLive);
    expect(await contractRows()).toEqual(contractsLive);
  });
});
