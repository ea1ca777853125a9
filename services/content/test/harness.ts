import request from 'supertest';
import { startService, type RunningService } from '@12yards/platform';
import { signedAs, testServiceEnv } from '@12yards/platform/testing';
import { contentService } from '../src/definition';

export const adminHeaders = () => signedAs({ username: 'ops', role: 'admin' });
export const editorHeaders = () => signedAs({ username: 'ed', role: 'editor' });

/** The content service on a fresh data directory with a clock the test moves by hand. */
export function contentHarness(start = '2026-11-22T10:00:00.000Z') {
  // Set by beforeEach, before any test reads them.
  let env!: ReturnType<typeof testServiceEnv>;
  let svc!: RunningService<'jobs'>;
  const h = {
    now: Date.parse(start),
    get env() {
      return env;
    },
    get svc() {
      return svc;
    },
    /** supertest against the service app */
    http: () => request(svc.app),
    advance(ms: number) {
      h.now += ms;
    },
    async start() {
      svc = await startService(contentService, env, { clock: () => new Date(h.now) });
    },
  };
  beforeEach(async () => {
    h.now = Date.parse(start);
    env = testServiceEnv();
    await h.start();
  });
  afterEach(async () => {
    await svc.stop();
    env.cleanup();
  });
  return h;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A news article form: its title, an excerpt and text made from it, and any other fields. */
export const article = (title: string, over: Record<string, unknown> = {}) => ({
  title,
  excerpt: `${title} in short`,
  content: `${title} in full`,
  ...over,
});
