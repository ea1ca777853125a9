import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serviceReadiness } from '../src/service-readiness';

/** A fake service: counts its /readyz calls; answers with `status`, or never when `hang`. */
async function fakeService(behaviour: { status?: number; hang?: boolean }) {
  const seen = { calls: 0 };
  const server: Server = createServer((req, res) => {
    if (req.url === '/readyz') seen.calls++;
    if (behaviour.hang) return;
    res.writeHead(behaviour.status ?? 200).end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => {
    server.closeAllConnections();
    return new Promise((r) => server.close(r));
  };
  return { url, seen, close };
}

describe('serviceReadiness', () => {
  it('When the gateway is probed many times within a second, then each service sees one /readyz', async () => {
    const svc = await fakeService({});
    let now = 0;
    try {
      const { status } = serviceReadiness({ status: svc.url }, { cacheMs: 1000, now: () => now });
      const answers = await Promise.all(Array.from({ length: 20 }, () => status!()));
      expect(answers.every((a) => a === true)).toBe(true);
      now = 999;
      expect(await status!()).toBe(true);
      expect(svc.seen.calls).toBe(1);
      now = 1000;
      expect(await status!()).toBe(true);
      expect(svc.seen.calls).toBe(2);
    } finally {
      await svc.close();
    }
  });

  it('When a service answers 503, hangs, or is not listening, then its check is false, within the timeout', async () => {
    const down = await fakeService({ status: 503 });
    const hung = await fakeService({ hang: true });
    try {
      const checks = serviceReadiness(
        { down: down.url, hung: hung.url, closed: 'http://127.0.0.1:9' },
        { timeoutMs: 200 },
      );
      const t0 = Date.now();
      const answers = await Promise.all(Object.values(checks).map((c) => c()));
      expect(answers).toEqual([false, false, false]);
      expect(Date.now() - t0).toBeLessThan(1500);
    } finally {
      await down.close();
      await hung.close();
    }
  });
});
