/**
 * Gateway overhead: GET /api/service-status straight to the status service (the baseline) and through the gateway
 * (session-less public route) and an admin write through the gateway, measured in the same run on the same machine.
 * Budget: the gateway adds at most 2x the direct latency at the median (ratio <= 3.0 in total).
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { statusService } from '@12yards/status/src/definition';
import { startStack, TEST_ADMIN } from '@12yards/gateway/testing';

const N = Number(process.env.BENCH_N ?? 2000);
const WARMUP = 200;

async function measure(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: () => string } = {},
) {
  const times: number[] = [];
  for (let i = 0; i < N + WARMUP; i++) {
    const t0 = performance.now();
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body?.(),
    });
    await res.arrayBuffer();
    if (res.status >= 400) throw new Error(`${url}: ${res.status}`);
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { p50: q(0.5), p95: q(0.95), p99: q(0.99) };
}

async function main() {
  const stack = await startStack({ services: [statusService] });
  const server = stack.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const gw = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const statusApp = stack.services.status!.app.listen(0, '127.0.0.1');
  await new Promise((r) => statusApp.once('listening', r));
  const direct = `http://127.0.0.1:${(statusApp.address() as AddressInfo).port}`;

  const baseline = await measure(`${direct}/api/service-status`);
  const viaGateway = await measure(`${gw}/api/service-status`);
  const login = await fetch(`${gw}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  const session = String(login.headers.get('set-cookie')).split(';')[0]!;
  const token = ((await login.json()) as { csrfToken: string }).csrfToken;
  let flip = false;
  const adminWrite = await measure(`${gw}/api/admin/service-status/auctions`, {
    method: 'PUT',
    headers: {
      cookie: session,
      'x-csrf-token': token,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
    },
    body: () => {
      flip = !flip;
      return JSON.stringify({ status: flip ? 'issue' : 'operational' });
    },
  });

  const ratio = viaGateway.p50 / baseline.p50;
  const result = {
    bench: 'gateway-latency',
    n: N,
    ms: { direct: baseline, gateway: viaGateway, adminWriteViaGateway: adminWrite },
    ratioP50: Number(ratio.toFixed(2)),
    budgetRatioP50: 3,
    pass: ratio <= 3,
  };
  console.log(JSON.stringify(result, null, 2));
  server.close();
  statusApp.close();
  await stack.stop();
  process.exit(result.pass ? 0 : 1);
}

void main();
