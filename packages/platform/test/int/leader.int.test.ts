// Two processes of one service on the same data (here two instances on one embedded SQLite file): one leads, as
// /metrics tells; a graceful stop releases the lease, so the other leads at its next try instead of after the TTL.
import request from 'supertest';
import { startService, type RunningService } from '../../src';
import { testServiceEnv } from '../../src/testing';
import { statusService } from '../../../../services/status/src/definition';
import { sampleValue } from '../support/prometheus';

const leaderOf = async (svc: RunningService) =>
  sampleValue((await request(svc.app).get('/metrics').expect(200)).text, 'leader', { service: 'status' });

describe('Leader of a service with two instances on one store', () => {
  const env = testServiceEnv({ LEADER_LEASE_TTL_MS: 6000, LEADER_LEASE_RENEW_MS: 300 });
  const running: RunningService[] = [];
  afterAll(async () => {
    for (const svc of running) await svc.stop().catch(() => undefined);
    env.cleanup();
  });

  it('When two instances run, then exactly one leads; when it stops, the other leads well before the TTL', async () => {
    const a = await startService(statusService, env);
    running.push(a);
    const b = await startService(statusService, env);
    running.push(b);
    expect(await leaderOf(a)).toBe(1);
    expect(await leaderOf(b)).toBe(0);
    expect([a.ctx.leader.isLeader, b.ctx.leader.isLeader]).toEqual([true, false]);

    const t = Date.now();
    await a.stop();
    running.shift();
    while ((await leaderOf(b)) !== 1 && Date.now() - t < 5000) await new Promise((r) => setTimeout(r, 50));
    expect(await leaderOf(b)).toBe(1);
    expect(Date.now() - t).toBeLessThan(2000); // released: not the 6 s of an expiry

    const c = await startService(statusService, env);
    running.push(c);
    expect(await leaderOf(c)).toBe(0);
    expect(await leaderOf(b)).toBe(1);
  });
});
