import request from 'supertest';
import { startService } from '@12yards/platform';
import { signedAs, startTestService, testServiceEnv, type TestService } from '@12yards/platform/testing';
import { statusService } from '../src/definition';
import { families, histogramSeries, sampleValue } from '../../../packages/platform/test/support/prometheus';

/** A service's GET /metrics, as Prometheus scrapes it (the services are internal: the gateway does not proxy it). */
describe('status service: /metrics', () => {
  let svc: TestService;
  beforeAll(async () => (svc = await startTestService(statusService)));
  afterAll(() => svc?.stop());

  const scrape = async () => {
    const res = await request(svc.app).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };

  it('parses as Prometheus text with the process metrics, the HTTP histogram by route pattern and the events counters', async () => {
    const before = await scrape();
    const appendedBefore = sampleValue(before, 'events_appended_total', { service: 'status' }) ?? 0;

    const path = '/api/admin/service-status/auctions';
    for (const status of ['issue', 'operational']) {
      await request(svc.app)
        .put(path)
        .use(signedAs({ username: 'ops', role: 'admin' }))
        .send({ status })
        .expect(200);
    }
    // A handler that fails still counts under its route pattern.
    await request(svc.app)
      .put(path)
      .use(signedAs({ username: 'ops', role: 'admin' }))
      .send({ status: 'on-fire' })
      .expect(400);
    await request(svc.app).get('/api/no-such-thing/12345').expect(404);

    const text = await scrape();
    const all = families(text);
    // Default process metrics, from this app's own registry.
    expect(all.get('process_cpu_user_seconds_total')?.type).toBe('COUNTER');
    expect(all.get('nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');

    // The route pattern, never the raw URL; a path no route matched is `unmatched`.
    const put = histogramSeries(text, 'http_request_duration_seconds', {
      method: 'PUT',
      route: '/api/admin/service-status/:id',
      status_code: '200',
    });
    expect(put).toMatchObject({ count: 2 });
    expect(Number(put!.buckets['+Inf'])).toBe(2);
    expect(Number(put!.buckets['10'])).toBe(2);
    const failed = { method: 'PUT', route: '/api/admin/service-status/:id', status_code: '400' };
    expect(histogramSeries(text, 'http_request_duration_seconds', failed)?.count).toBe(1);
    expect(
      histogramSeries(text, 'http_request_duration_seconds', { route: 'unmatched', status_code: '404' })
        ?.count,
    ).toBe(1);
    expect(text).not.toContain('auctions');
    expect(text).not.toContain('no-such-thing');

    expect(sampleValue(text, 'events_appended_total', { service: 'status' })).toBe(appendedBefore + 2);
    expect(all.get('events_published_total')?.type).toBe('COUNTER');
  });

  it('counts repeated public reads under their route pattern', async () => {
    await request(svc.app).get('/api/service-status').expect(200);
    await request(svc.app).get('/api/service-status').expect(200);
    const text = await scrape();
    const read = { method: 'GET', route: '/api/service-status', status_code: '200' };
    expect(histogramSeries(text, 'http_request_duration_seconds', read)?.count).toBe(2);
  });

  it('answers per app: two apps in one process keep their own counts', async () => {
    const other = await startService(statusService, testServiceEnv({ DATA_DIR: svc.env.DATA_DIR }));
    try {
      await request(other.app).get('/api/no-such-thing').expect(404);
      const mine = await scrape();
      const theirs = (await request(other.app).get('/metrics').expect(200)).text;
      const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
      expect(histogramSeries(theirs, 'http_request_duration_seconds', unmatched)?.count).toBe(1);
      expect(histogramSeries(mine, 'http_request_duration_seconds', unmatched)?.count).toBe(1);
    } finally {
      await other.stop();
    }
  });
});
