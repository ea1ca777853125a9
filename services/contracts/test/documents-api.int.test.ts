import PizZip from 'pizzip';
import request from 'supertest';
import { openSqlite, serviceDbFile, type ObjectStore } from '@12yards/platform';
import { buildDocx, simpleDocumentXml } from '../src/document/default-template';
import { startDocumentWorker } from '../src/document/worker';
import { admin, binary, startContracts, zipBombDocx, type Harness } from './helpers';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const documentXml = (docx: Buffer) => new PizZip(docx).file('word/document.xml')!.asText();
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

describe('contracts service: contract documents', () => {
  jest.setTimeout(60_000); // each document is filled in a process of its own (a cold start under jest)
  let h: Harness;
  afterEach(async () => h?.stop());

  const generate = (id: string) => h.generateDocument(id);
  const uploadTemplate = (name: string, validFromDate: string, bytes: Buffer, filename = 'template.docx') =>
    request(h.app)
      .post('/api/admin/contract-templates')
      .use(admin())
      .field('name', name)
      .field('validFromDate', validFromDate)
      .attach('file', bytes, filename)
      .expect(201);

  describe('with the worker in the service', () => {
    let contract: Awaited<ReturnType<Harness['createContract']>>;
    beforeEach(async () => {
      h = await startContracts();
      const partner = await h.addPartner({ name: 'Leeds Supporters Club' });
      contract = await h.createContract(partner.id, { companyName: 'Leeds Fans & Co' });
    });

    it('When no template is uploaded, then the default template is filled with every value of the contract', async () => {
      const res = await generate(contract.id).expect(200);
      expect(res.headers['content-type']).toBe(DOCX);
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="?contract-${contract.id}\\.docx"?$`),
      );
      const xml = documentXml(res.body);
      expect(xml).toContain('PARTNERSHIP AGREEMENT');
      const values = [
        'Leeds Fans &amp; Co',
        'Leeds Supporters Club',
        contract.id,
        ...[
          'registrationNumber',
          'companyAddress',
          'clientName',
          'clientEmail',
          'clientTelephone',
          'clientPosition',
          'startDate',
          'endDate',
          'platformName',
          'setupFee',
          'penaltyFeePerMonth',
        ].map((f) => String(contract[f as keyof typeof contract])),
      ];
      for (const v of values) expect(xml).toContain(v);
      expect(xml).toContain('£1,500');
      expect(xml).toContain('£250 per month');
      expect(xml).toContain('>20%<');
      for (const n of [
        'lengthMonths',
        'pollsPerMonth',
        'auctionsPerMonth',
        'articlesPerWeek',
        'quizPerMonth',
      ] as const) {
        expect(xml).toContain(`>${contract[n]}<`);
      }
      expect(xml).not.toMatch(/\{[A-Za-z]+\}/);
    });

    it('When templates are uploaded, then the newest valid .docx is used; future ones and pdfs are not', async () => {
      const tpl = (label: string) =>
        buildDocx(
          simpleDocumentXml([`${label} for {companyName}`, 'Fee {setupFee}, share {revenueSharePercent}%']),
        );
      await uploadTemplate('Old', '2020-01-01', tpl('OLD TEMPLATE'));
      await uploadTemplate('Current', '2021-06-01', tpl('CURRENT TEMPLATE'));
      await uploadTemplate('Future', '2099-01-01', tpl('FUTURE TEMPLATE'));
      await uploadTemplate('Printed', '2025-01-01', pdf, 'printed.docx');
      const xml = documentXml((await generate(contract.id).expect(200)).body);
      expect(xml).toContain('CURRENT TEMPLATE for Leeds Fans &amp; Co');
      expect(xml).toContain('Fee £1,500, share 20%');
      expect(xml).not.toContain('OLD TEMPLATE');
      expect(xml).not.toContain('FUTURE TEMPLATE');
    });

    it('When the template has a broken placeholder, then 422 names it', async () => {
      await uploadTemplate(
        'Broken',
        '2021-01-01',
        buildDocx(simpleDocumentXml(['Fee {setupFee}', 'Dear {clientName'])),
      );
      const res = await generate(contract.id).expect(422);
      const body = JSON.parse(res.body.toString());
      expect(body.error.code).toBe('template_invalid');
      expect(body.error.message).toContain('{clientName}');
      expect(body.error.message).toContain('Broken');
      expect(body.error.details).toEqual([expect.objectContaining({ placeholder: 'clientName' })]);
    });

    it('When the template uses a placeholder that is not a contract field, then 422 names it', async () => {
      await uploadTemplate(
        'Typo',
        '2021-01-01',
        buildDocx(simpleDocumentXml(['{companyName} pays {setupFees}'])),
      );
      const body = JSON.parse((await generate(contract.id).expect(422)).body.toString());
      expect(body.error.message).toContain('{setupFees}');
    });

    it('When the template names prototype members ({constructor}, {__proto__}, {toString}), then 422 names them as unknown', async () => {
      await uploadTemplate(
        'Prototype',
        '2021-01-01',
        buildDocx(simpleDocumentXml(['{companyName} {constructor}', '{__proto__} {toString}'])),
      );
      const body = JSON.parse((await generate(contract.id).expect(422)).body.toString());
      expect(body.error).toMatchObject({
        code: 'template_invalid',
        message:
          'The template has an unknown placeholder: {constructor}, {__proto__}, {toString} (template “Prototype”)',
      });
      expect(body.error.details.map((d: { placeholder: string }) => d.placeholder)).toEqual([
        'constructor',
        '__proto__',
        'toString',
      ]);
    });

    it('When the contract or the job is unknown, then 404', async () => {
      await generate('nope').expect(404);
      await request(h.app).get('/api/admin/contracts/jobs/nope').use(admin()).expect(404);
    });

    it('When a contract is edited, then the next document holds the new values', async () => {
      await request(h.app)
        .put(`/api/admin/contracts/${contract.id}`)
        .use(admin())
        .send({ ...contract, setupFee: '£9,999' })
        .expect(200);
      const xml = documentXml((await generate(contract.id).expect(200)).body);
      expect(xml).toContain('£9,999');
      expect(xml).not.toContain('£1,500');
    });
  });

  it('When storing the document fails once, then the job is retried and the second try answers the document', async () => {
    let puts = 0;
    const flaky = (objects: ObjectStore): ObjectStore =>
      Object.assign(Object.create(objects) as ObjectStore, {
        put: async (...args: Parameters<ObjectStore['put']>) => {
          if (++puts === 1) throw new Error('object store unavailable');
          return objects.put(...args);
        },
      });
    h = await startContracts({ workerObjects: flaky });
    const contract = await h.createContract((await h.addPartner()).id);
    const res = await generate(contract.id).expect(200);
    expect(documentXml(res.body)).toContain(contract.companyName);
    expect(puts).toBe(2);
    const job = await request(h.app)
      .get(`/api/admin/contracts/jobs/${res.headers['x-job-id']}`)
      .use(admin())
      .expect(200);
    expect(job.body).toMatchObject({ state: 'completed', attemptsMade: 2 });
  });

  it('When storing fails on every try, then after the retries the answer is a 500 with the job failure, not a hang', async () => {
    const broken = (objects: ObjectStore): ObjectStore =>
      Object.assign(Object.create(objects) as ObjectStore, {
        put: async () => Promise.reject(new Error('disk full')),
      });
    h = await startContracts({ workerObjects: broken, jobWaitMs: 30_000 }); // 3 renders, each in its own process
    const contract = await h.createContract((await h.addPartner()).id);
    const res = await generate(contract.id).expect(500);
    const body = JSON.parse(res.body.toString());
    expect(body.error).toMatchObject({
      code: 'job_failed',
      message: 'Document generation failed: disk full',
      details: { attempts: 3, error: 'disk full' },
    });
  });

  it('When the process died while the job ran its last try, then at the next start the job has failed for good with the reason, not run again', async () => {
    h = await startContracts({ jobWaitMs: 50, inProcessWorker: false });
    const contract = await h.createContract((await h.addPartner()).id);
    const { jobId } = JSON.parse((await generate(contract.id).expect(202)).body.toString());
    // What a service killed (out of memory) during the job's third try leaves in its SQLite file.
    const db = openSqlite(serviceDbFile(h.env.DATA_DIR, 'contracts'));
    db.prepare("UPDATE jobs SET state = 'active', attempts_made = 3 WHERE id = ?").run(jobId);
    db.close();
    await h.restart({ inProcessWorker: true });
    const message = 'Document generation failed: the worker stopped while running the job (attempt 3 of 3)';
    await new Promise((r) => setTimeout(r, 300)); // the worker would have taken it again by now
    const job = await request(h.app).get(`/api/admin/contracts/jobs/${jobId}`).use(admin()).expect(200);
    expect(job.body).toMatchObject({
      state: 'failed',
      attemptsMade: 3,
      error: { code: 'job_failed', message },
    });
    const download = await request(h.app)
      .get(`/api/admin/contracts/jobs/${jobId}/download`)
      .use(admin())
      .expect(500);
    expect(download.body.error).toMatchObject({ code: 'job_failed', message });
  });

  describe('a template too large to fill (a zip bomb stored before uploads were checked)', () => {
    // 100 MB of word/document.xml in a 300 KB .docx: unbounded, a render of it grew to 4.5 GB and aborted the service.
    let bomb: Buffer;
    beforeAll(() => {
      bomb = zipBombDocx(100);
    });
    /** The bomb stored as uploads let it in before they checked the unzipped size. */
    async function storeBomb(limits: Parameters<Harness['restart']>[0]) {
      h = await startContracts({ limits: { zip: { maxExpandedBytes: 200 * 1024 * 1024 } } });
      const contract = await h.createContract((await h.addPartner()).id);
      await uploadTemplate('Bomb', '2021-01-01', bomb);
      await h.restart({ jobWaitMs: 30_000, ...limits });
      return contract;
    }

    it('When a document is generated from it, then the job fails at once with the reason and the service still answers', async () => {
      const contract = await storeBomb({ limits: undefined });
      const res = await generate(contract.id).expect(422);
      expect(JSON.parse(res.body.toString()).error).toEqual({
        code: 'template_too_large',
        message:
          'Document generation failed: the template “Bomb” is too large: it expands to more than 20 MB when unzipped (word/document.xml alone declares 100 MB); a template may hold 20 MB unzipped at most',
      });
      await request(h.app).get(`/api/admin/contracts/${contract.id}`).use(admin()).expect(200);
    });

    it('When filling it needs more memory than a render may use, then only that render stops: the job fails with the reason and the service still answers', async () => {
      const contract = await storeBomb({
        limits: { zip: { maxExpandedBytes: 200 * 1024 * 1024 }, render: { memoryMb: 64 } },
      });
      const rssBefore = process.memoryUsage().rss;
      const res = await generate(contract.id).expect(422);
      const { error } = JSON.parse(res.body.toString());
      expect(error).toEqual({
        code: 'template_too_large',
        message:
          'Document generation failed: the template “Bomb” is too large: filling it needs more than 64 MB of memory',
      });
      const job = await request(h.app)
        .get(`/api/admin/contracts/jobs/${res.headers['x-job-id']}`)
        .use(admin())
        .expect(200);
      expect(job.body).toMatchObject({ state: 'failed', attemptsMade: 1, error });
      await request(h.app).get(`/api/admin/contracts/${contract.id}`).use(admin()).expect(200);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024); // the service's own memory
    });
  });

  it('When filling takes longer than a render may take, then the render is stopped and the job fails with the reason', async () => {
    h = await startContracts({ limits: { render: { timeoutMs: 5 } } });
    const contract = await h.createContract((await h.addPartner()).id);
    const res = await generate(contract.id).expect(422);
    expect(JSON.parse(res.body.toString()).error).toEqual({
      code: 'template_too_large',
      message:
        'Document generation failed: the default template is too large: filling it takes longer than 0.005 s',
    });
  });

  it('When the job does not finish in time, then 202 gives a job id to poll, and the document is downloadable once done', async () => {
    h = await startContracts({ jobWaitMs: 50, inProcessWorker: false });
    const contract = await h.createContract((await h.addPartner()).id);
    const res = await request(h.app)
      .post(`/api/admin/contracts/${contract.id}/generate-document`)
      .use(admin())
      .expect(202);
    expect(res.body).toEqual({
      jobId: expect.any(String),
      state: 'waiting',
      attemptsMade: 0,
      statusUrl: `/api/admin/contracts/jobs/${res.body.jobId}`,
    });
    expect(res.headers.location).toBe(res.body.statusUrl);
    const early = await request(h.app).get(`${res.body.statusUrl}/download`).use(admin()).expect(409);
    expect(early.body.error.code).toBe('not_ready');

    const worker = await startDocumentWorker(h.svc.ctx); // e.g. src/worker.ts coming up
    try {
      let status = res.body;
      for (let i = 0; i < 100 && status.state !== 'completed'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await request(h.app).get(res.body.statusUrl).use(admin()).expect(200)).body;
      }
      expect(status).toEqual({
        ...res.body,
        state: 'completed',
        attemptsMade: 1,
        downloadUrl: `${res.body.statusUrl}/download`,
      });
      const file = await request(h.app)
        .get(status.downloadUrl)
        .use(admin())
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(file.headers['content-disposition']).toMatch(new RegExp(`contract-${contract.id}\\.docx`));
      expect(documentXml(file.body)).toContain(contract.registrationNumber);
    } finally {
      await worker.close();
    }
  });
});
