import request from 'supertest';
import { activityResponse, historyResponse } from '@12yards/api';
import { admin, editor, startContracts, validContract, type Harness } from './helpers';

describe('contracts service: history and activity', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startContracts();
  });
  afterEach(async () => h.stop());

  it('When a contract is created and edited, then its history shows the edit as field diffs; the partner view is no entity', async () => {
    const partnerId = (await h.addPartner()).id;
    const { partnerId: _p, ...terms } = validContract(partnerId);
    const created = (
      await request(h.app)
        .post('/api/admin/contracts')
        .use(admin())
        .send(validContract(partnerId))
        .expect(201)
    ).body as { id: string };
    await request(h.app)
      .put(`/api/admin/contracts/${created.id}`)
      .use(editor())
      .send({ ...terms, revenueSharePercent: 30, setupFee: '£2,000' })
      .expect(200);

    const res = await request(h.app)
      .get(`/api/admin/history/contract/${created.id}`)
      .use(editor())
      .expect(200);
    const history = historyResponse.parse(res.body);
    expect(history.map((e) => [e.actor, e.type, e.summary])).toEqual([
      ['ops', 'ContractCreated', 'Created'],
      ['ed', 'ContractUpdated', 'Revenue share percent and setup fee changed'],
    ]);
    expect(history[0]!.changes.companyName).toEqual({ from: null, to: 'Leeds Fans Ltd' });
    expect(history[0]!.changes).not.toHaveProperty('contractId');
    expect(history[1]!.changes).toEqual({
      revenueSharePercent: { from: 20, to: 30 },
      setupFee: { from: '£1,500', to: '£2,000' },
    });

    const feed = activityResponse.parse(
      (await request(h.app).get('/internal/activity').use(admin()).expect(200)).body,
    );
    expect(feed.map((e) => [e.entityType, e.entityId, e.entityLabel, e.summary])).toEqual([
      ['contract', created.id, 'Leeds Fans Ltd', 'Revenue share percent and setup fee changed'],
      ['contract', created.id, 'Leeds Fans Ltd', 'Created'],
    ]);
    await request(h.app).get(`/api/admin/history/contract-template/${created.id}`).use(admin()).expect(404);
    await request(h.app).get(`/api/admin/history/contract/${created.id}`).expect(401);
  });
});
