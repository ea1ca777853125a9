import request from 'supertest';
import { admin, startContractsWithPartner, validContract, type Harness } from './helpers';
import { STALE_ANSWER } from '@12yards/platform/testing';

describe('contracts service: admin edits with If-Match', () => {
  let h: Harness;
  let partnerId: string;
  beforeEach(async () => ({ h, partnerId } = await startContractsWithPartner()));
  afterEach(async () => h.stop());

  const create = async () =>
    (
      await request(h.app)
        .post('/api/admin/contracts')
        .use(admin())
        .send(validContract(partnerId))
        .expect(201)
    ).body as { id: string; version: number };
  const get = (id: string) => request(h.app).get(`/api/admin/contracts/${id}`).use(admin()).expect(200);
  const put = (id: string, body: object, ifMatch?: string) => {
    const req = request(h.app).put(`/api/admin/contracts/${id}`);
    return (ifMatch ? req.set('If-Match', ifMatch) : req).use(admin()).send(body);
  };

  it('When the admin reads a contract, then its version is the ETag; saving with it gives 200 and the next one', async () => {
    const { id } = await create();
    const read = await get(id);
    expect(read.headers.etag).toBe('"1"');
    expect(read.body.version).toBe(1);
    const saved = await put(id, { ...validContract(partnerId), clientName: 'Renewed' }, '"1"').expect(200);
    expect(saved.headers.etag).toBe('"2"');
    expect(saved.body).toMatchObject({ clientName: 'Renewed', version: 2 });
  });

  it('When the admin saves with a stale ETag, then 412 with the reload message and nothing is written', async () => {
    const { id } = await create();
    await put(id, { ...validContract(partnerId), clientName: 'Other admin' }).expect(200);
    const res = await put(id, { ...validContract(partnerId), clientName: 'Mine' }, '"1"').expect(412);
    expect(res.body).toEqual(STALE_ANSWER);
    expect((await get(id)).body).toMatchObject({ clientName: 'Other admin', version: 2 });
    const types = (await h.svc.ctx.infra.eventStore.read(`contract-${id}`)).map((e) => e.type);
    expect(types).toEqual(['ContractCreated', 'ContractUpdated']);
  });

  it('When the admin deletes with a stale ETag, then 412 and the contract stays; with the listed version, 204', async () => {
    const { id } = await create();
    await put(id, { ...validContract(partnerId), clientName: 'Changed' }).expect(200);
    await request(h.app).delete(`/api/admin/contracts/${id}`).set('If-Match', '"1"').use(admin()).expect(412);
    const [listed] = (await request(h.app).get(`/api/admin/partners/${partnerId}/contracts`).use(admin()))
      .body;
    expect(listed).toMatchObject({ id, version: 2 });
    await request(h.app)
      .delete(`/api/admin/contracts/${id}`)
      .set('If-Match', `"${listed.version}"`)
      .use(admin())
      .expect(204);
  });

  it('When a template is renamed with a stale version, then 412; with the listed one, 200; delete checks it too', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    const created = await request(h.app)
      .post('/api/admin/contract-templates')
      .use(admin())
      .field('name', 'Standard')
      .field('validFromDate', '2026-01-01')
      .attach('file', pdf, { filename: 't.pdf', contentType: 'application/octet-stream' })
      .expect(201);
    expect(created.body.version).toBe(1);
    const path = `/api/admin/contract-templates/${created.body.id}`;
    const renameAt1 = (name: string) =>
      request(h.app).patch(path).set('If-Match', '"1"').use(admin()).send({ name });
    const renamed = await renameAt1('Renamed').expect(200);
    expect(renamed.headers.etag).toBe('"2"');
    const stale = await renameAt1('Stale').expect(412);
    expect(stale.body).toEqual(STALE_ANSWER);
    await request(h.app).delete(path).set('If-Match', '"1"').use(admin()).expect(412);
    const [listed] = (await request(h.app).get('/api/admin/contract-templates').use(admin())).body;
    expect(listed).toMatchObject({ name: 'Renamed', version: 2 });
    await request(h.app).delete(path).set('If-Match', '"2"').use(admin()).expect(204);
  });
});
