import request from 'supertest';
import type { ContractsInsights } from '@12yards/api';
import { admin, editor, startContractsWithPartner, type Harness } from './helpers';

const DAY = 86_400_000;

describe("the contracts service's part of the dashboard (GET /internal/insights)", () => {
  // The service's clock, in the past so `at` may name any moment of the story.
  let now = new Date('2026-10-01T10:00:00.000Z');
  let h: Harness;
  let partnerId: string;
  beforeAll(async () => ({ h, partnerId } = await startContractsWithPartner({}, () => now)));
  afterAll(async () => h.stop());

  const insights = async (at?: string) =>
    (
      await request(h.app)
        .get(at ? `/internal/insights?${new URLSearchParams({ at })}` : '/internal/insights')
        .use(editor())
        .expect(200)
    ).body as ContractsInsights;
  const ending = (within30: number, within60: number, within90: number) => ({
    contractsEnding: { within30, within60, within90 },
  });

  it('When a contract ending in 19 days is created, moved to 75 days and deleted, then the renewals follow, and ?at= gives them as they stood', async () => {
    expect(await insights()).toEqual(ending(0, 0, 0));
    const contract = await h.createContract(partnerId, { startDate: '2026-10-01', endDate: '2026-10-20' });
    expect(await insights()).toEqual(ending(1, 1, 1));
    const created = now.toISOString();

    now = new Date(now.getTime() + DAY);
    await request(h.app)
      .put(`/api/admin/contracts/${contract.id}`)
      .use(admin())
      .send({ ...contract, endDate: '2026-12-15' })
      .expect(200);
    expect(await insights()).toEqual(ending(0, 0, 1));
    expect(await insights(created)).toEqual(ending(1, 1, 1));
    expect(await insights(new Date(Date.parse(created) - 1).toISOString())).toEqual(ending(0, 0, 0));

    now = new Date(now.getTime() + DAY);
    await request(h.app).delete(`/api/admin/contracts/${contract.id}`).use(admin()).expect(204);
    expect(await insights()).toEqual(ending(0, 0, 0));
    expect(await insights(new Date(now.getTime() - 1).toISOString())).toEqual(ending(0, 0, 1));
  });

  it('When at is in the future or malformed, then 400 with a message', async () => {
    const future = new Date(Date.now() + DAY).toISOString();
    const res = await request(h.app).get(`/internal/insights?at=${future}`).use(admin()).expect(400);
    expect(res.body.error.message).toMatch(/at must not be in the future/);
    await request(h.app).get('/internal/insights?at=2026-02-30T10:00:00Z').use(admin()).expect(400);
  });
});
