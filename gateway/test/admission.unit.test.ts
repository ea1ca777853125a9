import { parse } from 'node:url';
import { Admission } from '../src/admission';
import { outgoingUrl } from '../src/proxy';
import { gatewayEnv } from '../src/config';

// http-proxy's own computation of the outgoing path, as the oracle for the gateway's copy of it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const common = require('http-proxy/lib/http-proxy/common') as {
  setupOutgoing(out: { path?: string }, options: object, req: object): void;
};
const httpProxyPath = (target: string, url: string) => {
  const out: { path?: string } = {};
  common.setupOutgoing(out, { target: parse(target) }, { url, headers: {}, method: 'GET' });
  return out.path;
};

const open = () => new AbortController().signal;

describe('admission to a service', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('When the places are taken, then requests wait in line, first come first served, up to the line length', async () => {
    const a = new Admission({ maxInFlight: 2, maxQueued: 2, queueTimeoutMs: 1_000 });
    expect(await a.enter(open())).toBe(true);
    expect(await a.enter(open())).toBe(true);
    const order: string[] = [];
    const third = a.enter(open()).then((ok) => order.push(`third ${ok}`));
    const fourth = a.enter(open()).then((ok) => order.push(`fourth ${ok}`));
    expect(await a.enter(open())).toBe(false); // the line is full
    expect(a.stats).toEqual({ inFlight: 2, waiting: 2 });
    a.release();
    await third;
    a.release();
    await fourth;
    expect(order).toEqual(['third true', 'fourth true']);
    a.release();
    a.release();
    expect(a.stats).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('When a request waits longer than the limit, then it is turned away and its place in line freed', async () => {
    const a = new Admission({ maxInFlight: 1, maxQueued: 1, queueTimeoutMs: 1_000 });
    await a.enter(open());
    const waiting = a.enter(open());
    jest.advanceTimersByTime(1_000);
    expect(await waiting).toBe(false);
    expect(a.stats).toEqual({ inFlight: 1, waiting: 0 });
  });

  it('When a waiting client goes away, then it leaves the line and the next release goes to the one behind it', async () => {
    const a = new Admission({ maxInFlight: 1, maxQueued: 2, queueTimeoutMs: 1_000 });
    await a.enter(open());
    const gone = new AbortController();
    const first = a.enter(gone.signal);
    const second = a.enter(open());
    gone.abort();
    expect(await first).toBe(false);
    a.release();
    expect(await second).toBe(true);
    expect(a.stats).toEqual({ inFlight: 1, waiting: 0 });
  });

  it('When there is no line at all, then a request beyond the places is turned away at once', async () => {
    const a = new Admission({ maxInFlight: 1, maxQueued: 0, queueTimeoutMs: 1_000 });
    expect(await a.enter(open())).toBe(true);
    expect(await a.enter(open())).toBe(false);
  });
});

describe('the URL a service sees (what the identity is signed for)', () => {
  it.each([
    ['http://127.0.0.1:8102', '/api/admin/faqs', '/api/admin/faqs'],
    ['http://127.0.0.1:8102', '/api/admin/faqs?x=1&y=a/b', '/api/admin/faqs?x=1&y=a/b'],
    ['http://127.0.0.1:8102', '/api/admin//faqs/', '/api/admin/faqs/'],
    ['http://127.0.0.1:8102/base/', '/api/news?a?b', '/base/api/news?a?b'],
    ['http://127.0.0.1:8102', 'http://evil.example/api/admin/faqs', '/api/admin/faqs'],
    ['http://127.0.0.1:8102', '/a/http://b//c', '/a/http://b/c'],
  ])(
    'When the target is %s and the request %s, then the service sees %s, as http-proxy sends it',
    (target, url, seen) => {
      expect(outgoingUrl(target, url)).toBe(seen);
      expect(httpProxyPath(target, url)).toBe(seen);
    },
  );
});

describe('the admission settings', () => {
  const base = { INTERNAL_SECRET: 'x'.repeat(32) };
  it('When unset, then 128 in flight, 512 waiting for up to 10 s, per service', () => {
    expect(gatewayEnv.parse(base)).toMatchObject({
      PROXY_MAX_IN_FLIGHT: 128,
      PROXY_MAX_QUEUED: 512,
      PROXY_QUEUE_TIMEOUT_MS: 10_000,
    });
  });

  it.each([
    ['PROXY_MAX_IN_FLIGHT', '0'],
    ['PROXY_MAX_IN_FLIGHT', 'many'],
    ['PROXY_MAX_QUEUED', '-1'],
    ['PROXY_QUEUE_TIMEOUT_MS', '1.5'],
  ])('When %s is %s, then the configuration is refused naming it', (name, value) => {
    const result = gatewayEnv.safeParse({ ...base, [name]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual([name]);
  });
});
