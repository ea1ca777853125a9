import request from 'supertest';
import { statusService } from '../src/definition';
import { signedAs, startTestService, type TestService } from '@12yards/platform/testing';

const admin = () => signedAs({ username: 'ops', role: 'admin' });

describe('status service: admin edits with If-Match', () => {
  let svc: TestService;
  beforeEach(async () => (svc = await startTestService(statusService)));
  afterEach(() => svc?.stop());

  const auctions = async () =>
    (await request(svc.app).get('/api/service-status').expect(200)).body.find(
      (s: { id: string }) => s.id === 'auctions',
    ) as { status: string; version: number };
  const put = (status: string, ifMatch: string) =>
    request(svc.app)
      .put('/api/admin/service-status/auctions')
      .set('If-Match', ifMatch)
      .use(admin())
      .send({ status });

  it('When the admin saves with the listed version, then 200 and the next version as ETag', async () => {
    const { version } = await auctions();
    const res = await put('issue', `"${version}"`).expect(200);
    expect(res.headers.etag).toBe(`"${version + 1}"`);
    expect(res.body).toMatchObject({ status: 'issue', version: version + 1 });
  });

  it('When the admin saves with a stale version, then 412 with the reload message and nothing is written', async () => {
    const { version } = await auctions();
    await put('issue', `"${version}"`).expect(200);
    const res = await put('operational', `"${version}"`).expect(412);
    expect(res.body).toEqual({
      error: {
        code: 'precondition_failed',
        message: 'This item was changed by someone else. Reload to see the latest version.',
      },
    });
    expect(await auctions()).toMatchObject({ status: 'issue', version: version + 1 });
  });
});
