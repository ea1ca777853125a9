import request from 'supertest';
import { metricsHandler } from '@12yards/platform';
import { statusService } from '@12yards/status/src/definition';
import { startStack, type Stack } from '../src/testing';
import { setAuctionsStatus } from './service-status';
import { families, histogramSeries, sampleValue } from '../../packages/platform/test/support/prometheus';

const contact = {
  name: 'Visitor',
  email: 'visitor@example.com',
  subject: 'Hello',
  message: 'A question about the app',
};

describe('gateway: /readyz names each service, /metrics only on the metrics port', () => {
  let stack: Stack;
  beforeAll(async () => {
    // Only status runs: content, partners, contracts and media point at a closed port.
    stack = await startStack({ services: [statusService], publicWritesPerIp: 1 });
  });
  afterAll(async () => stack.stop());

  it('When a service it routes to is down, then /readyz answers 503 and names it false', async () => {
    const res = await request(stack.app).get('/readyz').expect(503);
    expect(res.body).toEqual({
      status: 'not_ready',
      checks: {
        status: true,
        content: false,
        partners: false,
        contracts: false,
        media: false,
        models: true,
      },
    });
  });

  it('When /metrics is asked on the public app, then neither the gateway nor a service answers it', async () => {
    const res = await request(stack.app).get('/metrics').expect(404);
    expect(res.text).not.toContain('http_request_duration_seconds');
    await request(stack.app).get('/api/service-status/../../metrics').expect(404);
  });

  it('When requests went through, then the metrics port shows them by route and counts the rate-limit refusals', async () => {
    await setAuctionsStatus(stack, 'issue');
    await request(stack.app).post('/api/contacts').send(contact).expect(503); // partners is down
    await request(stack.app).post('/api/contacts').send(contact).expect(429);

    const res = await request(metricsHandler(stack.metrics)).get('/metrics').expect(200);
    const all = families(res.text);
    expect(all.get('process_resident_memory_bytes')?.type).toBe('GAUGE');
    const proxied = histogramSeries(res.text, 'http_request_duration_seconds', {
      method: 'PUT',
      route: 'proxy:status',
      status_code: '200',
    });
    expect(proxied?.count).toBe(1);
    expect(Number(proxied!.buckets['+Inf'])).toBe(1);
    const login = histogramSeries(res.text, 'http_request_duration_seconds', {
      method: 'POST',
      route: '/api/auth/login',
      status_code: '200',
    });
    expect(login?.count).toBe(1);
    expect(sampleValue(res.text, 'rate_limit_rejections_total', { limiter: 'public-write' })).toBe(1);
    expect(res.text).not.toContain('auctions');

    await request(metricsHandler(stack.metrics)).get('/api/service-status').expect(404);
  });

  it('When public reads are answered from memory before Express, then each one is still observed', async () => {
    const before = stack.reads.hits;
    for (let i = 0; i < 3; i++) await request(stack.app).get('/api/service-status').expect(200);
    expect(stack.reads.hits).toBeGreaterThan(before); // some came from memory

    const text = (await request(metricsHandler(stack.metrics)).get('/metrics').expect(200)).text;
    const count = (route: string) =>
      histogramSeries(text, 'http_request_duration_seconds', { method: 'GET', route, status_code: '200' })
        ?.count ?? 0;
    expect(count('fast-lane')).toBe(stack.reads.hits);
    expect(count('fast-lane') + count('proxy:status')).toBe(3);
  });
});
