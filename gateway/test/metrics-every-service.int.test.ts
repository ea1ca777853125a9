import request from 'supertest';
import { contentService } from '@12yards/content/src/definition';
import { contractsService } from '@12yards/contracts/src/definition';
import { mediaService } from '@12yards/media/src/definition';
import { partnersService } from '@12yards/partners/src/definition';
import { statusService } from '@12yards/status/src/definition';
import { startStack, type Stack } from '../src/testing';
import { families } from '../../packages/platform/test/support/prometheus';

/** What an ops dashboard reads of every service, whichever it is (the named series). */
const EVERY_SERVICE = [
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
  'http_request_duration_seconds',
  'events_appended_total',
  'events_published_total',
  'events_relay_backlog',
  'leader',
];
/** A service that consumes another's topic also shows its consumers' handling, delay and dead letters. */
const CONSUMERS = [
  'event_handling_duration_seconds',
  'event_delivery_delay_seconds',
  'events_dead_lettered_total',
];
/** The services with a job queue (contract documents, scheduled articles) show its depth, durations and failures. */
const JOBS = ['job_queue_depth', 'job_duration_seconds', 'job_failures_total'];

describe('/metrics of every service', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      services: [statusService, contentService, partnersService, contractsService, mediaService],
    });
  });
  afterAll(async () => stack?.stop());

  it.each([
    ['status', EVERY_SERVICE],
    ['content', [...EVERY_SERVICE, ...JOBS]],
    ['partners', [...EVERY_SERVICE, ...CONSUMERS]],
    ['contracts', [...EVERY_SERVICE, ...CONSUMERS, ...JOBS]],
    ['media', [...EVERY_SERVICE, ...CONSUMERS]],
  ])('When Prometheus scrapes %s, then the text parses and has the named series', async (name, expected) => {
    const svc = stack.services[name]!;
    // One request first, so the HTTP histogram has a sample to show.
    await request(svc.app).get('/healthz').expect(200);
    const res = await request(svc.app).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const names = [...families(res.text).keys()];
    expect(names).toEqual(expect.arrayContaining(expected));
  });
});
