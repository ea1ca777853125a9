// Each service wires and checks only the adapters its definition declares (`uses`): with the job queue's Redis and
// the object store's MinIO configured but unreachable, the status service (which uses neither) is ready, while
// the services that use them say which one is missing.
import request from 'supertest';
import { statusService } from '../../../../services/status/src/definition';
import { mediaService } from '../../../../services/media/src/definition';
import { createContractsService } from '../../../../services/contracts/src/definition';
import { createLogger, startService, type Infrastructure, type ServiceDefinition } from '../../src';
import { testServiceEnv } from '../../src/testing';

// Nothing listens on port 1: a Redis and a MinIO that are configured but down.
const unreachable = {
  REDIS_URL: 'redis://127.0.0.1:1',
  MINIO_ENDPOINT: '127.0.0.1',
  MINIO_PORT: 1,
  MINIO_ACCESS_KEY: 'nobody',
  MINIO_SECRET_KEY: 'nobody-secret',
};
const quiet = (name: string) => createLogger(name, 'silent');

async function readiness(def: ServiceDefinition) {
  const env = testServiceEnv(unreachable);
  const svc = await startService(def, env, { logger: quiet(def.name) });
  try {
    const res = await request(svc.app).get('/readyz');
    return {
      status: res.status,
      checks: res.body.checks as Record<string, boolean>,
      kind: svc.ctx.infra.kind,
    };
  } finally {
    await svc.stop();
    env.cleanup();
  }
}

describe('Adapters per service', () => {
  jest.setTimeout(30_000);

  it('When Redis and MinIO are configured but down, then the status service, which uses neither, is ready and checks only its own adapters', async () => {
    const { status, checks, kind } = await readiness(statusService);
    expect({ status, checks }).toEqual({
      status: 200,
      checks: { eventStore: true, readModels: true, bus: true, storage: true },
    });
    expect(Object.keys(kind).sort()).toEqual(['bus', 'eventStore', 'readModels']);
  });

  it('When Redis and MinIO are down, then media is not ready because of the object store only, and contracts because of both', async () => {
    const media = await readiness(mediaService);
    expect(media.status).toBe(503);
    expect(media.checks).toEqual({
      eventStore: true,
      readModels: true,
      bus: true,
      storage: true,
      objects: false,
    });
    const contracts = await readiness(createContractsService({ inProcessWorker: false }));
    expect(contracts.status).toBe(503);
    expect(contracts.checks).toMatchObject({
      eventStore: true,
      readModels: true,
      jobs: false,
      objects: false,
    });
  });

  it('When a service reaches for an adapter it did not declare, then it gets an error saying what to declare', async () => {
    const env = testServiceEnv();
    const svc = await startService(statusService, env, { logger: quiet('status') });
    try {
      // Past the types on purpose: ServiceContext<never> has no `objects`, so TypeScript already refuses this.
      const infra = svc.ctx.infra as unknown as Infrastructure;
      expect(() => infra.objects).toThrow(
        'status did not ask for the "objects" adapter: add it to its definition\'s uses',
      );
      expect(() => infra.jobs).toThrow('"jobs" adapter');
    } finally {
      await svc.stop();
      env.cleanup();
    }
  });
});
