import request from 'supertest';
import type { ContactMessage, Partner, PartnerActionCount, PartnersInsights } from '@12yards/api';
import { partnersService } from '../src/definition';
import { admin, applyAsClub } from './helpers';
import { startTestService, type TestService } from '@12yards/platform/testing';

const HOUR = 3_600_000;

/** The lists the dashboard's figures link to show exactly the rows those figures count. */
describe("the partners service's lists behind the dashboard's figures", () => {
  let now = new Date('2026-09-01T09:00:00.000Z');
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(partnersService, { clock: () => now });
  });
  afterAll(async () => svc.stop());

  const get = async <T>(path: string) =>
    (await request(svc.app).get(path).use(admin()).expect(200)).body as T;
  const figures = () => get<PartnersInsights>('/internal/insights');
  const message = async (subject: string) =>
    (
      await request(svc.app)
        .post('/api/contacts')
        .send({ name: 'Sam', email: 'sam@x.co', subject, message: 'Hello' })
        .expect(201)
    ).body.id as string;
  const markMessage = (id: string, status: string) =>
    request(svc.app).put(`/api/admin/contacts/${id}`).use(admin()).send({ status }).expect(200);
  const apply = async (email: string) => (await applyAsClub(svc.app, { email })).id as string;
  const action = async (partnerId: string, dueDate: string | null) =>
    (
      await request(svc.app)
        .post(`/api/admin/partners/${partnerId}/actions`)
        .use(admin())
        .send({ actionText: 'Call back', dueDate })
        .expect(201)
    ).body.id as string;

  it('When messages wait, some answered, some read, some new, then ?awaiting=true lists exactly the ones the figure counts', async () => {
    const unread = await message('Unread for three days');
    const read = await message('Read, not answered');
    const answered = await message('Answered');
    await markMessage(read, 'read');
    await markMessage(answered, 'responded');
    now = new Date(now.getTime() + 47 * HOUR);
    await message('Arrived yesterday');
    now = new Date(now.getTime() + 25 * HOUR); // the first three arrived 72 hours ago, the last 25 hours ago

    const listed = await get<ContactMessage[]>('/api/contacts?awaiting=true');
    expect(listed.map((m) => m.subject).sort()).toEqual(['Read, not answered', 'Unread for three days']);
    expect((await figures()).messagesAwaiting).toBe(listed.length);
    expect(
      (await get<ContactMessage[]>('/api/contacts?awaiting=true&status=unread')).map((m) => m.id),
    ).toEqual([unread]);
    expect(await get<ContactMessage[]>('/api/contacts?awaiting=true&status=responded')).toEqual([]);

    await markMessage(unread, 'responded');
    expect((await get<ContactMessage[]>('/api/contacts?awaiting=true')).map((m) => m.id)).toEqual([read]);
    expect((await figures()).messagesAwaiting).toBe(1);
  });

  it('When partners have overdue, not yet due and completed actions, then ?overdue=true lists the partners with overdue ones, whose overdue counts add up to the figure', async () => {
    const late = await apply('late@club.example');
    const onTime = await apply('ontime@club.example');
    const done = await apply('done@club.example');
    await action(late, '2026-09-02');
    await action(late, '2026-09-03T08:00:00.000Z');
    await action(late, null);
    await action(onTime, '2026-10-30');
    const completed = await action(done, '2026-09-02');
    await request(svc.app)
      .put(`/api/admin/partners/${done}/actions/${completed}`)
      .use(admin())
      .send({ isCompleted: true })
      .expect(200);

    const listed = await get<Partner[]>('/api/partners?overdue=true');
    expect(listed.map((p) => p.email)).toEqual(['late@club.example']);
    const counts = await get<PartnerActionCount[]>('/api/admin/partner-action-counts');
    expect(counts.find((c) => c.partnerId === late)).toEqual({
      partnerId: late,
      openActionsCount: 3,
      overdueActionsCount: 2,
    });
    expect(counts.find((c) => c.partnerId === onTime)?.overdueActionsCount).toBe(0);
    const overdueInList = listed.reduce(
      (n, p) => n + (counts.find((c) => c.partnerId === p.id)?.overdueActionsCount ?? 0),
      0,
    );
    expect((await figures()).overdueActions).toBe(overdueInList);
    expect(await get<Partner[]>('/api/partners?overdue=true&status=Partner')).toEqual([]);
    expect(await get<Partner[]>(`/api/partners?overdue=true&id=${onTime}`)).toEqual([]);

    // A month on, the other one is overdue too.
    now = new Date('2026-11-01T09:00:00.000Z');
    expect((await get<Partner[]>('/api/partners?overdue=true')).map((p) => p.email).sort()).toEqual([
      'late@club.example',
      'ontime@club.example',
    ]);
    expect((await figures()).overdueActions).toBe(3);
  });

  it('When the list asks for one partner by id, then it holds only that partner', async () => {
    const id = await apply('one@club.example');
    expect((await get<Partner[]>(`/api/partners?id=${id}`)).map((p) => p.email)).toEqual([
      'one@club.example',
    ]);
    expect(await get<Partner[]>('/api/partners?id=no-such-partner')).toEqual([]);
  });

  it('When a flag is anything but true, then 400 with a message', async () => {
    const overdue = await request(svc.app).get('/api/partners?overdue=yes').use(admin()).expect(400);
    expect(overdue.body.error.message).toMatch(/overdue must be true when given/);
    const awaiting = await request(svc.app).get('/api/contacts?awaiting=1').use(admin()).expect(400);
    expect(awaiting.body.error.message).toMatch(/awaiting must be true when given/);
  });
});
