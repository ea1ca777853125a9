import request from 'supertest';
import type { Insights } from '@12yards/api';
import { contentService } from '@12yards/content/src/definition';
import { createContractsService } from '@12yards/contracts/src/definition';
import { validContract } from '@12yards/contracts/test/fixtures';
import { partnersService } from '@12yards/partners/src/definition';
import { startLoggedInStack, startStack, TEST_EDITOR, type LoggedInStack } from '../src/testing';
import { eventually } from '@12yards/platform/testing';

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('the dashboard through the gateway (GET /api/admin/insights)', () => {
  let stack: LoggedInStack;
  beforeAll(async () => {
    stack = await startLoggedInStack({
      services: [partnersService, createContractsService({ partnerWaitMs: 3_000 }), contentService],
    });
  });
  afterAll(async () => stack.stop());

  const insights = async (query: Record<string, string> = {}) =>
    (await stack.agent.get('/api/admin/insights').query(query).expect(200)).body as Insights;
  const apply = async (i: number) =>
    (
      await request(stack.app)
        .post('/api/partners')
        .send({
          name: `Fan ${i}`,
          email: `fan${i}@club.example`,
          type: 'club',
          organization: `Club ${i}`,
          position: 'Chair',
          message: 'We would like to partner',
        })
        .expect(201)
    ).body.id as string;

  it('When 3 clubs apply and 1 gets a contract ending in 20 days, then the figures move by exactly that, and ?at= just before the contract shows them without it', async () => {
    const before = await insights();
    expect(before.unavailable).toEqual([]);
    const [first] = [await apply(1), await apply(2), await apply(3)];
    const applied = await insights();
    expect(applied.partnersByStatus!.Pending).toBe(before.partnersByStatus!.Pending + 3);
    expect(applied.partnersByType!.club!.Pending).toBe(before.partnersByType!.club!.Pending + 3);
    expect(applied.applicationsPerWeek!.at(-1)!.count).toBe(before.applicationsPerWeek!.at(-1)!.count + 3);

    const beforeContract = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await stack.agent
      .post('/api/admin/contracts')
      .set('X-CSRF-Token', stack.csrf)
      .send({ ...validContract(first!), startDate: day(Date.now()), endDate: day(Date.now() + 20 * DAY) })
      .expect(201);
    await eventually(async () =>
      expect((await insights()).partnersByStatus!.Partner).toBe(before.partnersByStatus!.Partner + 1),
    );
    const after = await insights();
    expect(after.partnersByStatus!.Pending).toBe(before.partnersByStatus!.Pending + 2);
    expect(after.partnersPerWeek!.at(-1)!.count).toBe(before.partnersPerWeek!.at(-1)!.count + 1);
    expect(after.contractsEnding).toEqual({
      within30: before.contractsEnding!.within30 + 1,
      within60: before.contractsEnding!.within60 + 1,
      within90: before.contractsEnding!.within90 + 1,
    });
    expect(after.medianDaysToContract).toEqual(expect.any(Number));

    const then = await insights({ at: beforeContract });
    expect(then.at).toBe(beforeContract);
    expect(then.partnersByStatus).toEqual(applied.partnersByStatus);
    expect(then.contractsEnding).toEqual(before.contractsEnding);
    expect(then.partnersPerWeek!.at(-1)!.count).toBe(before.partnersPerWeek!.at(-1)!.count);
  });

  it('When an editor asks, then the dashboard answers too', async () => {
    const { agent } = await stack.login(TEST_EDITOR);
    await agent.get('/api/admin/insights').expect(200);
  });

  it('When at is in the future or malformed, then 400 with a message, and no session is 401', async () => {
    const future = await stack.agent
      .get('/api/admin/insights')
      .query({ at: new Date(Date.now() + DAY).toISOString() })
      .expect(400);
    expect(future.body.error.message).toMatch(/at must not be in the future/);
    const malformed = await stack.agent.get('/api/admin/insights').query({ at: '2026-13-40' }).expect(400);
    expect(malformed.body.error.message).toMatch(/at must be a date-time with a time zone/);
    await request(stack.app).get('/api/admin/insights').expect(401);
  });
});

describe('the dashboard when a service does not answer', () => {
  it('When the content service is not running, then the other figures come and content is named as unavailable', async () => {
    const stack = await startStack({ services: [partnersService, createContractsService()] });
    try {
      const { agent } = await stack.login();
      const body = (await agent.get('/api/admin/insights').expect(200)).body as Insights;
      expect(body.unavailable).toEqual(['content']);
      expect(body.scheduledArticles).toBeNull();
      expect(body.partnersByStatus).toEqual({ Pending: 0, 'In Progress': 0, Partner: 0 });
      expect(body.contractsEnding).toEqual({ within30: 0, within60: 0, within90: 0 });
    } finally {
      await stack.stop();
    }
  });
});
