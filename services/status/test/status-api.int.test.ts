import request from 'supertest';
import { Projector } from '@12yards/platform';
import { signedAs, startTestService, type TestService } from '@12yards/platform/testing';
import { statusService } from '../src/definition';

const admin = () => signedAs({ username: 'ops', role: 'admin' });

describe('status service HTTP API', () => {
  let svc: TestService;
  beforeEach(async () => (svc = await startTestService(statusService)));
  afterEach(() => svc?.stop());

  /** An admin's status change of one service (supertest: add .expect(...)). */
  const setStatus = (id: string, status: string) =>
    request(svc.app).put(`/api/admin/service-status/${id}`).use(admin()).send({ status });

  it('When first started, then GET /api/service-status lists the four defaults, all operational', async () => {
    const res = await request(svc.app).get('/api/service-status').expect(200);
    expect(res.body.map((s: { serviceName: string }) => s.serviceName)).toEqual([
      'Android App',
      'iOS App',
      'Points and Rewards',
      'Auctions',
    ]);
    expect(new Set(res.body.map((s: { status: string }) => s.status))).toEqual(new Set(['operational']));
    expect(res.body[0]).toEqual(
      expect.objectContaining({
        id: 'android-app',
        lastUpdated: expect.any(String),
        createdAt: expect.any(String),
      }),
    );
  });

  it('When an admin marks a service as an issue, then the list shows it with a new lastUpdated', async () => {
    const before = (await request(svc.app).get('/api/service-status')).body.find(
      (s: { id: string }) => s.id === 'auctions',
    );
    await new Promise((r) => setTimeout(r, 5));
    const res = await setStatus('auctions', 'issue').expect(200);
    expect(res.body).toMatchObject({ id: 'auctions', serviceName: 'Auctions', status: 'issue' });
    expect(res.headers['cache-control']).toBe('no-store');
    const after = (await request(svc.app).get('/api/service-status')).body.find(
      (s: { id: string }) => s.id === 'auctions',
    );
    expect(after.status).toBe('issue');
    expect(after.lastUpdated > before.lastUpdated).toBe(true);
  });

  it('When the status is not operational or issue, then 400 carries the zod issues and nothing changes', async () => {
    const res = await setStatus('auctions', 'down').expect(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'status' })]);
    const list = (await request(svc.app).get('/api/service-status')).body;
    expect(list.find((s: { id: string }) => s.id === 'auctions').status).toBe('operational');
  });

  it('When the id is unknown, then 404', async () => {
    const res = await setStatus('nope', 'issue').expect(404);
    expect(res.body.error).toMatchObject({ code: 'not_found' });
  });

  it('When the identity header is missing or forged, then the admin route refuses with 401', async () => {
    await request(svc.app).put('/api/admin/service-status/auctions').send({ status: 'issue' }).expect(401);
    const forged = signedAs({ username: 'mallory', role: 'admin' }, 'not-the-shared-secret-0123456789abcdef');
    await request(svc.app)
      .put('/api/admin/service-status/auctions')
      .use(forged)
      .send({ status: 'issue' })
      .expect(401);
  });

  it('When the service restarts on the same data directory, then changes are kept and defaults are not seeded twice', async () => {
    await setStatus('ios-app', 'issue').expect(200);
    svc = await svc.restart();
    const list = (await request(svc.app).get('/api/service-status')).body;
    expect(list).toHaveLength(4);
    expect(list.find((s: { id: string }) => s.id === 'ios-app').status).toBe('issue');
  });

  it('When the read models are rebuilt from the events, then they equal the live ones', async () => {
    await setStatus('auctions', 'issue').expect(200);
    await setStatus('auctions', 'operational').expect(200);
    await setStatus('android-app', 'issue').expect(200);
    const live = (await request(svc.app).get('/api/service-status')).body;
    const { infra } = svc.ctx;
    await new Projector(infra.eventStore, infra.readModels, statusService.projections).rebuild();
    // The projector of the running service keeps its own checkpoint; both must agree after a rebuild.
    const rebuilt = (await request(svc.app).get('/api/service-status')).body;
    expect(rebuilt).toEqual(live);
  });

  it('When asked for health and readiness, then both answer', async () => {
    await request(svc.app).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(svc.app).get('/readyz').expect(200);
    expect(ready.body.status).toBe('ready');
  });
});
