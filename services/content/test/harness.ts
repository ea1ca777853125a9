import request from 'supertest';
import { signedAs, startService, testServiceEnv, type RunningService } from '@12yards/platform';
import { contentService } from '../src/definition';

export const adminHeaders = () => signedAs({ username: 'ops', role: 'admin' });
export const editorHeaders = () => signedAs({ username: 'ed', role: 'editor' });

/** The content service on a fresh data directory with a clock the test moves by hand. */
export function contentHarness(start = '2026-11-22T10:00:00.000Z') {
  const h = {
    now: Date.parse(start),
    env: undefined as unknown as ReturnType<typeof testServiceEnv>,
    svc: undefined as unknown as RunningService,
    /** supertest against the service app */
    http: () => request(h.svc.app),
    advance(ms: number) {
      h.now += ms;
    },
    async start() {
      h.svc = await startService(contentService, h.env, { clock: () => new Date(h.now) });
    },
  };
  beforeEach(async () => {
    h.now = Date.parse(start);
    h.env = testServiceEnv();
    await h.start();
  });
  afterEach(async () => {
    await h.svc.stop();
    h.env.cleanup();
  });
  return h;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
