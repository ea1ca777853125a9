import request from 'supertest';
import type { ContractsInsights, EndingContract } from '@12yards/api';
import { admin, editor, startContractsWithPartner, type Harness } from './helpers';

const DAY = 86_400_000;

describe("the contracts the dashboard's renewal figures count (GET /api/admin/contracts/ending)", () => {
  const now = new Date('2026-10-01T10:00:00.000Z');
  let h: Harness;
  let partnerId: string;
  beforeAll(async () => ({ h, partnerId } = await startContractsWithPartner({}, () => now)));
  afterAll(async () => h.stop());

  const dayIn = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
  const ending = async (within?: string) =>
    (
      await request(h.app)
        .get(within ? `/api/admin/contracts/ending?within=${within}` : '/api/admin/contracts/ending')
        .use(editor())
        .expect(200)
    ).body as EndingContract[];
  const figures = async () =>
    ((await request(h.app).get('/internal/insights').use(editor()).expect(200)).body as ContractsInsights)
      .contractsEnding;

  it('When contracts end in 10, 45, 80 and 120 days, then each horizon lists exactly the contracts its figure counts, soonest first, with the partner', async () => {
    const other = (await h.addPartner({ name: 'Jo Green', email: 'jo@example.com' })).id;
    await h.createContract(partnerId, {
      startDate: '2026-01-01',
      endDate: dayIn(80),
      companyName: 'Leeds Fans Ltd',
    });
    await h.createContract(other, {
      startDate: '2026-01-01',
      endDate: dayIn(10),
      companyName: 'Green Media',
    });
    await h.createContract(partnerId, {
      startDate: '2026-01-01',
      endDate: dayIn(45),
      companyName: 'Leeds Two',
    });
    await h.createContract(partnerId, { startDate: '2026-01-01', endDate: dayIn(120), companyName: 'Later' });
    const deleted = await h.createContract(other, { startDate: '2026-01-01', endDate: dayIn(5) });
    await request(h.app).delete(`/api/admin/contracts/${deleted.id}`).use(admin()).expect(204);

    const counted = await figures();
    expect(counted).toEqual({ within30: 1, within60: 2, within90: 3 });
    const within30 = await ending('30');
    expect(within30).toEqual([
      {
        id: expect.any(String),
        partnerId: other,
        partnerName: 'Jo Green',
        companyName: 'Green Media',
        endDate: dayIn(10),
      },
    ]);
    expect((await ending('60')).map((c) => c.companyName)).toEqual(['Green Media', 'Leeds Two']);
    const within90 = await ending();
    expect(within90.map((c) => [c.companyName, c.partnerName])).toEqual([
      ['Green Media', 'Jo Green'],
      ['Leeds Two', 'Alex Smith'],
      ['Leeds Fans Ltd', 'Alex Smith'],
    ]);
    expect(within90).toHaveLength(counted.within90);
  });

  it('When the list is longer than a page, then the Link header names the next page, which holds the rest', async () => {
    const first = await request(h.app).get('/api/admin/contracts/ending?limit=2').use(editor()).expect(200);
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    const rest = await request(h.app).get(next).use(editor()).expect(200);
    expect(rest.body.map((c: EndingContract) => c.companyName)).toEqual(['Leeds Fans Ltd']);
  });

  it('When within is not 30, 60 or 90, then 400 with a message', async () => {
    const res = await request(h.app).get('/api/admin/contracts/ending?within=45').use(admin()).expect(400);
    expect(res.body.error.message).toMatch(/within must be 30, 60 or 90/);
  });
});
