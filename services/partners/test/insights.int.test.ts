import request from 'supertest';
import type { PartnersInsights } from '@12yards/api';
import { partnersService } from '../src/definition';
import {
  admin,
  clubApplication,
  contractsTopic,
  editor,
  eventually,
  influencerApplication,
  publishContractCreated,
} from './helpers';
import { startTestService, type TestService } from '@12yards/platform/testing';

const HOUR = 3_600_000;
/** The path with its query written out: the admin identity is signed for the URL as it is when .use() runs. */
const insightsPath = (at?: string) =>
  at ? `/internal/insights?${new URLSearchParams({ at })}` : '/internal/insights';

describe("the partners service's part of the dashboard (GET /internal/insights)", () => {
  /** The service's clock: each step of the story sets it (all in the past, so `at` may name any of it). */
  let now = new Date('2026-10-05T09:00:00.000Z');
  let svc: TestService;
  let topic: ReturnType<typeof contractsTopic>;

  beforeAll(async () => {
    svc = await startTestService(partnersService, { clock: () => now });
    topic = contractsTopic(svc.env.DATA_DIR);
  });
  afterAll(async () => {
    topic.close();
    await svc.stop();
  });

  const insights = async (at?: string) =>
    (await request(svc.app).get(insightsPath(at)).use(editor()).expect(200)).body as PartnersInsights;
  const apply = async (body: Record<string, unknown>) =>
    (await request(svc.app).post('/api/partners').send(body).expect(201)).body.id as string;
  const lastWeek = (series: PartnersInsights['applicationsPerWeek']) => series.at(-1)!;

  it('When 3 applications come in and 1 contract makes one a partner, then the counts move by exactly that, and ?at= just before the contract shows them without it', async () => {
    const before = await insights();
    expect(before.applicationsPerWeek).toHaveLength(12);
    expect(lastWeek(before.applicationsPerWeek)).toEqual({ weekStart: '2026-10-05', count: 0 });

    now = new Date('2026-10-06T10:00:00.000Z');
    const clubId = await apply(clubApplication());
    await apply(clubApplication({ email: 'b@riverside.example' }));
    await apply(influencerApplication());
    const applied = await insights();
    expect(applied.partnersByStatus).toEqual({ Pending: 3, 'In Progress': 0, Partner: 0 });
    expect(applied.partnersByType).toEqual({
      club: { Pending: 2, 'In Progress': 0, Partner: 0 },
      influencer: { Pending: 1, 'In Progress': 0, Partner: 0 },
    });
    expect(lastWeek(applied.applicationsPerWeek)).toEqual({ weekStart: '2026-10-05', count: 3 });
    expect(applied.medianDaysToContract).toBeNull();

    now = new Date('2026-10-08T10:00:00.000Z');
    await publishContractCreated(topic, 'c-1', clubId);
    await eventually(async () => expect((await insights()).partnersByStatus.Partner).toBe(1));
    const after = await insights();
    expect(after.partnersByStatus).toEqual({ Pending: 2, 'In Progress': 0, Partner: 1 });
    expect(after.partnersByType.club).toEqual({ Pending: 1, 'In Progress': 0, Partner: 1 });
    expect(lastWeek(after.partnersPerWeek)).toEqual({ weekStart: '2026-10-05', count: 1 });
    expect(after.medianDaysToContract).toBe(2);

    const justBefore = await insights(new Date(now.getTime() - 1).toISOString());
    expect(justBefore.partnersByStatus).toEqual({ Pending: 3, 'In Progress': 0, Partner: 0 });
    expect(lastWeek(justBefore.partnersPerWeek).count).toBe(0);
    expect(justBefore.medianDaysToContract).toBeNull();
    const beforeAll = await insights('2026-10-06T09:59:59.999Z');
    expect(beforeAll.partnersByStatus).toEqual({ Pending: 0, 'In Progress': 0, Partner: 0 });
    expect(lastWeek(beforeAll.applicationsPerWeek).count).toBe(0);

    // A week later the series has moved on: last week's applications are one entry back.
    now = new Date('2026-10-13T10:00:00.000Z');
    const nextWeek = await insights();
    expect(nextWeek.applicationsPerWeek.slice(-2)).toEqual([
      { weekStart: '2026-10-05', count: 3 },
      { weekStart: '2026-10-12', count: 0 },
    ]);
  });

  it('When a message waits more than 48 hours and an action passes its due date, then they are counted until answered or completed, and still at a moment before that', async () => {
    now = new Date('2026-10-20T08:00:00.000Z');
    const start = await insights();
    const contact = await request(svc.app)
      .post('/api/contacts')
      .send({ name: 'Sam', email: 'sam@x.co', subject: 'Tickets', message: 'Hello' })
      .expect(201);
    const partnerId = await apply(clubApplication({ email: 'c@riverside.example' }));
    const action = await request(svc.app)
      .post(`/api/admin/partners/${partnerId}/actions`)
      .use(admin())
      .send({ actionText: 'Call back', dueDate: '2026-10-21' })
      .expect(201);

    now = new Date(now.getTime() + 47 * HOUR);
    expect((await insights()).messagesAwaiting).toBe(start.messagesAwaiting);
    now = new Date('2026-10-22T09:00:00.000Z');
    const waiting = await insights();
    expect(waiting.messagesAwaiting).toBe(start.messagesAwaiting + 1);
    expect(waiting.overdueActions).toBe(start.overdueActions + 1);

    now = new Date('2026-10-22T10:00:00.000Z');
    await request(svc.app)
      .put(`/api/admin/contacts/${contact.body.id}`)
      .use(admin())
      .send({ status: 'responded' })
      .expect(200);
    await request(svc.app)
      .put(`/api/admin/partners/${partnerId}/actions/${action.body.id}`)
      .use(admin())
      .send({ isCompleted: true })
      .expect(200);
    const done = await insights();
    expect(done.messagesAwaiting).toBe(start.messagesAwaiting);
    expect(done.overdueActions).toBe(start.overdueActions);
    const earlier = await insights('2026-10-22T09:30:00.000Z');
    expect(earlier.messagesAwaiting).toBe(start.messagesAwaiting + 1);
    expect(earlier.overdueActions).toBe(start.overdueActions + 1);
  });

  it('When the read models are rebuilt from the events (npm run rebuild), then the figures are the same, now and at past moments', async () => {
    const moments = [
      undefined,
      '2026-10-06T10:00:00.000Z',
      '2026-10-08T09:59:59.999Z',
      '2026-10-22T09:30:00.000Z',
    ];
    const before = await Promise.all(moments.map((m) => insights(m)));
    await svc.ctx.projector.rebuild();
    expect(await Promise.all(moments.map((m) => insights(m)))).toEqual(before);
    expect(before[0]!.partnersByStatus.Partner).toBe(1);
  });

  it('When at is in the future or no date-time, then 400 says what is wrong', async () => {
    const future = await request(svc.app)
      .get(insightsPath(new Date(Date.now() + 60_000).toISOString()))
      .use(admin())
      .expect(400);
    expect(future.body.error.message).toMatch(/at must not be in the future/);
    const malformed = await request(svc.app).get(insightsPath('yesterday')).use(admin()).expect(400);
    expect(malformed.body.error.message).toMatch(/at must be a date-time with a time zone/);
  });

  it('When no admin identity comes with the request, then 401', async () => {
    await request(svc.app).get('/internal/insights').expect(401);
  });
});
