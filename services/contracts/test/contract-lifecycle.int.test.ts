import request from 'supertest';
import { endExpiredContracts } from '../src/contract/expiry';
import { admin, editor, startContractsWithPartner, validContract, type Harness } from './helpers';

// validContract runs 2026-12-01 .. 2027-11-30; the service's clock is the test's.
const DURING = new Date('2027-06-01T10:00:00.000Z');
const LAST_DAY = new Date('2027-11-30T23:00:00.000Z');
const DAY_AFTER = new Date('2027-12-01T00:30:00.000Z');

describe('contracts service: end of a contract and deletion', () => {
  let h: Harness;
  let now: Date;
  let partnerId: string;
  beforeEach(async () => {
    now = DURING;
    ({ h, partnerId } = await startContractsWithPartner({}, () => now));
  });
  afterEach(async () => h.stop());

  const events = async (type: string) =>
    (await h.svc.ctx.infra.eventStore.readAll(0)).filter((e) => e.type === type);
  const listed = async () =>
    (await request(h.app).get(`/api/admin/partners/${partnerId}/contracts`).use(admin()).expect(200)).body;
  const put = (id: string, changes: Record<string, unknown>) => {
    const { partnerId: _p, ...terms } = validContract(partnerId);
    return request(h.app)
      .put(`/api/admin/contracts/${id}`)
      .use(admin())
      .send({ ...terms, ...changes });
  };

  it('When the day after the end date comes, then the sweep appends ContractEnded once with the partner, and the contract stays listed with endedAt', async () => {
    const c = await h.createContract(partnerId);
    expect(c.endedAt).toBeNull();
    now = LAST_DAY;
    expect(await endExpiredContracts(h.svc.ctx)).toBe(0);
    now = DAY_AFTER;
    expect(await endExpiredContracts(h.svc.ctx)).toBe(1);
    expect(await endExpiredContracts(h.svc.ctx)).toBe(0);
    const ended = await events('ContractEnded');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.data).toEqual({
      contractId: c.id,
      partnerId,
      endDate: '2027-11-30',
      endedAt: DAY_AFTER.toISOString(),
    });
    expect(ended[0]!.meta).toMatchObject({ actor: 'system' });
    const endedView = { ...c, endedAt: DAY_AFTER.toISOString(), version: 2 };
    expect(await listed()).toEqual([endedView]);
    expect((await request(h.app).get(`/api/admin/contracts/${c.id}`).use(admin()).expect(200)).body).toEqual(
      endedView,
    );
  });

  it('When several sweeps run at the same time (several instances), then the contract is ended once', async () => {
    await h.createContract(partnerId);
    await h.createContract(partnerId, { companyName: 'Second' });
    now = DAY_AFTER;
    const counts = await Promise.all([1, 2, 3].map(() => endExpiredContracts(h.svc.ctx)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await events('ContractEnded')).toHaveLength(2);
  });

  it('When the service starts after the end date, then the sweep at start ends the contract', async () => {
    const c = await h.createContract(partnerId);
    now = DAY_AFTER;
    await h.restart();
    expect((await events('ContractEnded')).map((e) => (e.data as { contractId: string }).contractId)).toEqual(
      [c.id],
    );
  });

  it('When the service keeps running past the end date, then the periodic sweep ends the contract', async () => {
    await h.restart({ expirySweepMs: 50 });
    await h.createContract(partnerId);
    now = DAY_AFTER;
    const deadline = Date.now() + 5_000;
    while ((await events('ContractEnded')).length === 0) {
      if (Date.now() > deadline) throw new Error('the periodic sweep never ended the contract');
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, 200)); // several more sweeps
    expect(await events('ContractEnded')).toHaveLength(1);
  });

  it('When a PUT moves the end date into the past, then the contract ends at the next sweep, not before', async () => {
    const c = await h.createContract(partnerId);
    await put(c.id, { startDate: '2026-12-01', endDate: '2027-05-31', lengthMonths: 6 }).expect(200);
    expect(await events('ContractEnded')).toEqual([]);
    expect(await endExpiredContracts(h.svc.ctx)).toBe(1);
    expect((await events('ContractEnded'))[0]!.data).toMatchObject({
      contractId: c.id,
      endDate: '2027-05-31',
    });
  });

  it('When a PUT moves an ended contract’s end date to the future, then ContractReactivated is appended and the sweep leaves it until its new end', async () => {
    const c = await h.createContract(partnerId);
    now = DAY_AFTER;
    await endExpiredContracts(h.svc.ctx);
    // A correction that leaves the end date in the past keeps it ended.
    const corrected = await put(c.id, { setupFee: '£1,600' }).expect(200);
    expect(corrected.body).toMatchObject({ setupFee: '£1,600', endedAt: DAY_AFTER.toISOString() });
    expect(await events('ContractReactivated')).toEqual([]);
    const res = await put(c.id, { endDate: '2028-11-30', lengthMonths: 24 }).expect(200);
    expect(res.body).toMatchObject({ id: c.id, endDate: '2028-11-30', lengthMonths: 24, endedAt: null });
    expect(await listed()).toEqual([res.body]);
    const reactivated = await events('ContractReactivated');
    expect(reactivated.map((e) => e.data)).toEqual([
      {
        contractId: c.id,
        partnerId,
        endDate: '2028-11-30',
        reactivatedAt: DAY_AFTER.toISOString(),
      },
    ]);
    expect(await endExpiredContracts(h.svc.ctx)).toBe(0);
    now = new Date('2028-12-01T08:00:00.000Z');
    expect(await endExpiredContracts(h.svc.ctx)).toBe(1);
    expect(await events('ContractEnded')).toHaveLength(2);
    expect((await listed())[0]).toMatchObject({ id: c.id, endedAt: '2028-12-01T08:00:00.000Z' });
  });

  it('When an admin deletes a contract, then 204, ContractDeleted carries the partner and the contract is gone everywhere', async () => {
    const keep = await h.createContract(partnerId);
    const c = await h.createContract(partnerId, { companyName: 'Second' });
    await request(h.app).delete(`/api/admin/contracts/${c.id}`).use(admin()).expect(204);
    const deleted = await events('ContractDeleted');
    expect(deleted.map((e) => e.data)).toEqual([
      { contractId: c.id, partnerId, wasActive: true, deletedAt: DURING.toISOString() },
    ]);
    expect(deleted[0]!.meta).toMatchObject({ actor: 'ops' });
    expect(await listed()).toEqual([keep]);
    await request(h.app).get(`/api/admin/contracts/${c.id}`).use(admin()).expect(404);
    await put(c.id, { setupFee: '£1' }).expect(404);
    await request(h.app).post(`/api/admin/contracts/${c.id}/generate-document`).use(admin()).expect(404);
    const again = await request(h.app).delete(`/api/admin/contracts/${c.id}`).use(admin()).expect(404);
    expect(again.body.error).toMatchObject({ code: 'not_found' });
    now = DAY_AFTER;
    expect(await endExpiredContracts(h.svc.ctx)).toBe(1); // only the kept one
  });

  it('When an editor deletes a contract, then 403 and it stays; without an identity 401; an unknown id is 404', async () => {
    const c = await h.createContract(partnerId);
    const res = await request(h.app).delete(`/api/admin/contracts/${c.id}`).use(editor()).expect(403);
    expect(res.body.error).toMatchObject({ code: 'forbidden' });
    await request(h.app).delete(`/api/admin/contracts/${c.id}`).expect(401);
    expect(await listed()).toEqual([c]);
    expect(await events('ContractDeleted')).toEqual([]);
    await request(h.app).delete('/api/admin/contracts/nope').use(admin()).expect(404);
  });
});
