import request from 'supertest';
import { activityResponse, historyResponse, nextCursorOf } from '@12yards/api';
import { statusService } from '../src/definition';
import { signedAs, startTestService, type TestService } from '@12yards/platform/testing';

const admin = () => signedAs({ username: 'ops', role: 'admin' });
const editor = () => signedAs({ username: 'writer', role: 'editor' });

describe('status service: history and activity', () => {
  let svc: TestService;
  beforeEach(async () => (svc = await startTestService(statusService)));
  afterEach(() => svc.stop());

  const setStatus = (id: string, status: string) =>
    request(svc.app).put(`/api/admin/service-status/${id}`).use(admin()).send({ status }).expect(200);

  it('When a status is changed twice, then its history says who changed what, oldest first', async () => {
    await setStatus('auctions', 'issue');
    await setStatus('auctions', 'operational');
    const res = await request(svc.app)
      .get('/api/admin/history/service-status/auctions')
      .use(editor())
      .expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const history = historyResponse.parse(res.body);
    expect(history.map((h) => [h.actor, h.type, h.summary])).toEqual([
      ['system', 'ServiceRegistered', 'Created'],
      ['ops', 'ServiceStatusChanged', 'Status: Fully Operational → Issue under investigation'],
      ['ops', 'ServiceStatusChanged', 'Status: Issue under investigation → Fully Operational'],
    ]);
    expect(history[0]!.changes).toEqual({
      serviceName: { from: null, to: 'Auctions' },
      status: { from: null, to: 'operational' },
    });
    expect(history[1]!.changes).toEqual({ status: { from: 'operational', to: 'issue' } });
    expect(Date.parse(history[1]!.at)).toBeLessThanOrEqual(Date.parse(history[2]!.at));
  });

  it('When the entity has no events, or the type is not one, then 404 and 400 as JSON; without an identity 401', async () => {
    const missing = await request(svc.app)
      .get('/api/admin/history/service-status/nope')
      .use(admin())
      .expect(404);
    expect(missing.body.error.code).toBe('not_found');
    // A type another service keeps: this service has no history of it.
    await request(svc.app).get('/api/admin/history/news/auctions').use(admin()).expect(404);
    const bad = await request(svc.app).get('/api/admin/history/spaceship/1').use(admin()).expect(400);
    expect(bad.body.error.code).toBe('validation_failed');
    await request(svc.app).get('/api/admin/history/service-status/auctions').expect(401);
    await request(svc.app).get('/internal/activity').expect(401);
  });

  it('When the activity is read a page at a time, then every change comes once, newest first, and filters apply', async () => {
    await setStatus('auctions', 'issue');
    await setStatus('ios-app', 'issue');
    const seen: { position: number; actor: string; entityId: string }[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ limit: '4', ...(cursor && { cursor }) });
      const res = await request(svc.app).get(`/internal/activity?${query}`).use(editor()).expect(200);
      const page = activityResponse.parse(res.body);
      expect(page.length).toBeLessThanOrEqual(4);
      seen.push(...page);
      cursor = nextCursorOf(res.headers.link);
    } while (cursor);
    // Four services registered by the seed, two changes by ops.
    expect(seen).toHaveLength(6);
    const positions = seen.map((e) => e.position);
    expect([...positions].sort((a, b) => b - a)).toEqual(positions);
    expect(seen[0]).toMatchObject({
      entityType: 'service-status',
      entityId: 'ios-app',
      entityLabel: 'iOS App',
      service: 'status',
      actor: 'ops',
      summary: 'Status: Fully Operational → Issue under investigation',
    });

    const byOps = await request(svc.app).get('/internal/activity?actor=OPS').use(admin()).expect(200);
    expect(activityResponse.parse(byOps.body).map((e) => e.entityId)).toEqual(['ios-app', 'auctions']);
    expect(byOps.headers.link).toBeUndefined();
    const other = await request(svc.app).get('/internal/activity?entityType=news').use(admin());
    expect(other.body).toEqual([]);
    const badCursor = await request(svc.app).get('/internal/activity?cursor=abc').use(admin());
    expect(badCursor.status).toBe(400);
  });
});
