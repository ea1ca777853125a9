import request from 'supertest';
import { createLogger } from '@12yards/platform';
import { workerHealthApp, workerReadiness } from '../src/worker-health';

const logger = createLogger('contracts-worker-test', 'silent');
const up = async () => true;
const down = async () => false;
const infra = (jobs: () => Promise<boolean>) => ({
  readiness: { jobs, readModels: up, objects: up, eventStore: down, bus: down },
});

describe('The contract document worker probes', () => {
  it('When its job queue, read models and object store answer, then /readyz is 200 and names only those', async () => {
    const res = await request(workerHealthApp(workerReadiness(infra(up)), logger)).get('/readyz');
    expect(res.status).toBe(200);
    // The worker neither appends events nor consumes the bus, so their state does not make it unready.
    expect(res.body).toEqual({ status: 'ready', checks: { jobs: true, readModels: true, objects: true } });
  });

  it('When Redis (its job queue) does not answer, then /readyz is 503 naming it, and /healthz stays 200', async () => {
    const app = workerHealthApp(workerReadiness(infra(down)), logger);
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toMatchObject({ jobs: false });
    expect((await request(app).get('/healthz')).status).toBe(200);
  });

  it('When anything else is asked, then it answers 404: the worker serves nothing but its probes', async () => {
    const res = await request(workerHealthApp(workerReadiness(infra(up)), logger)).get('/api/contracts');
    expect(res.status).toBe(404);
  });
});
