import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { statusService } from '@12yards/status/src/definition';
import { startStack, type Stack } from '../src/testing';
import { setAuctionsStatus } from './service-status';

type Row = { id: string; status: string; lastUpdated: string };

describe('gateway: data survives a restart on the same DATA_DIR', () => {
  let dataDir: string;
  let stack: Stack | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), '12yards-restart-'));
  });
  afterEach(async () => {
    await stack?.stop();
    stack = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('When an admin changes a status and the stack is restarted, then the change is still there', async () => {
    stack = await startStack({ services: [statusService], dataDir });
    const changed = await setAuctionsStatus(stack, 'issue');
    const before = (await request(stack.app).get('/api/service-status').expect(200)).body as Row[];
    expect(before.find((s) => s.id === 'auctions')?.status).toBe('issue');
    await stack.stop();
    stack = undefined;

    // A new gateway and a new status service, on the same files: nothing is seeded over the change.
    stack = await startStack({ services: [statusService], dataDir });
    const after = (await request(stack.app).get('/api/service-status').expect(200)).body as Row[];
    expect(after).toEqual(before);
    expect(after.find((s) => s.id === 'auctions')).toMatchObject({
      status: 'issue',
      lastUpdated: changed.body.lastUpdated ?? expect.any(String),
    });
    expect(after.filter((s) => s.status === 'operational')).toHaveLength(3);

    // It can be changed back after the restart, by a new login.
    await setAuctionsStatus(stack, 'operational');
    const list = (await request(stack.app).get('/api/service-status')).body as Row[];
    expect(list.every((s) => s.status === 'operational')).toBe(true);
  });
});
