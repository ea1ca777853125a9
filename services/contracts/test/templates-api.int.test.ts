import request from 'supertest';
import { Projector } from '@12yards/platform';
import { contractsProjections } from '../src/definition';
import { buildDefaultTemplate } from '../src/document/default-template';
import {
  admin,
  binary,
  editor,
  excelWorkbook,
  manyFilesDocx,
  startContracts,
  withDeclaredSize,
  wordDoc,
  zipBombDocx,
  type Harness,
} from './helpers';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
/** A Word 97-2003 .doc: an OLE compound file with a WordDocument stream. */
const doc = wordDoc();

describe('contracts service: contract templates', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startContracts();
  });
  afterEach(async () => h.stop());

  const upload = (name: string, validFromDate: string, file?: { bytes: Buffer; filename: string }) => {
    const req = request(h.app)
      .post('/api/admin/contract-templates')
      .use(admin())
      .field('name', name)
      .field('validFromDate', validFromDate);
    return file
      ? req.attach('file', file.bytes, { filename: file.filename, contentType: 'application/octet-stream' })
      : req;
  };
  const list = async () =>
    (await request(h.app).get('/api/admin/contract-templates').use(admin()).expect(200)).body;
  const download = (id: string) =>
    request(h.app)
      .get(`/api/admin/contract-templates/${id}/download`)
      .use(admin())
      .buffer(true)
      .parse(binary);

  it('When a .docx is uploaded, then 201 describes it, the list shows it and the download gives back the same bytes', async () => {
    const bytes = buildDefaultTemplate();
    const res = await upload('Standard 2026', '2026-01-01', {
      bytes,
      filename: 'Standard terms.docx',
    }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Standard 2026',
      validFromDate: '2026-01-01',
      fileName: 'Standard terms.docx',
      fileUrl: `/api/admin/contract-templates/${res.body.id}/download`,
      mimeType: DOCX,
      size: bytes.length,
      createdAt: expect.any(String),
      version: 1,
    });
    expect(await list()).toEqual([res.body]);
    const file = await download(res.body.id).expect(200);
    expect(file.headers['content-type']).toBe(DOCX);
    expect(file.headers['content-disposition']).toBe('attachment; filename="Standard terms.docx"');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(file.body, bytes)).toBe(0);
  });

  it('When the templates are searched with q, then only those whose name or file name holds it are listed', async () => {
    const bytes = buildDefaultTemplate();
    await upload('Standard 2026', '2026-01-01', { bytes, filename: 'standard.docx' }).expect(201);
    await upload('Clubs', '2026-02-01', { bytes, filename: 'Club STANDARD terms.docx' }).expect(201);
    await upload('Influencers', '2026-03-01', { bytes, filename: 'influencers.docx' }).expect(201);
    const names = async (q: string) =>
      (
        await request(h.app)
          .get(`/api/admin/contract-templates?q=${encodeURIComponent(q)}`)
          .use(admin())
          .expect(200)
      ).body.map((t: { name: string }) => t.name);
    expect(await names('standard')).toEqual(['Clubs', 'Standard 2026']);
    expect(await names('influ')).toEqual(['Influencers']);
    expect(await names('')).toHaveLength(3);
  });

  it('When a .pdf is renamed .docx, then it is recognised by its content and stored and served as a pdf', async () => {
    const res = await upload('Printed terms', '2026-01-01', { bytes: pdf, filename: 'terms.docx' }).expect(
      201,
    );
    expect(res.body).toMatchObject({ mimeType: 'application/pdf', fileName: 'terms.pdf' });
    const file = await download(res.body.id).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="?terms\.pdf"?$/);
    expect(Buffer.compare(file.body, pdf)).toBe(0);
  });

  it('When a .doc (OLE compound file with a WordDocument stream) is uploaded, then it is accepted as a Word document', async () => {
    const res = await upload('Old terms', '2025-01-01', { bytes: doc, filename: 'old.doc' }).expect(201);
    expect(res.body).toMatchObject({ mimeType: 'application/msword', fileName: 'old.doc' });
  });

  it('When an .xls (a compound file without a WordDocument stream) is named .doc, then 415 and nothing is stored', async () => {
    const res = await upload('Sheet', '2025-01-01', { bytes: excelWorkbook(), filename: 'terms.doc' }).expect(
      415,
    );
    expect(res.body.error).toMatchObject({
      code: 'unsupported_file_type',
      message: 'The file must be a .doc, .docx or .pdf document',
    });
    const header = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
    await upload('Broken', '2025-01-01', { bytes: header, filename: 'broken.doc' }).expect(415);
    expect(await list()).toEqual([]);
  });

  it('When the file is neither .doc, .docx nor .pdf by content, then 415 and nothing is stored, whatever its name', async () => {
    const res = await upload('Notes', '2026-01-01', {
      bytes: Buffer.from('just some text {companyName}'),
      filename: 'notes.docx',
    }).expect(415);
    expect(res.body.error).toMatchObject({
      code: 'unsupported_file_type',
      message: 'The file must be a .doc, .docx or .pdf document',
    });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await upload('Picture', '2026-01-01', { bytes: png, filename: 'x.pdf' }).expect(415);
    expect(await list()).toEqual([]);
  });

  it('When no file is sent, then 400 with the message "Please select a file"', async () => {
    const res = await upload('Standard', '2026-01-01').expect(400);
    expect(res.body.error).toEqual({ code: 'file_required', message: 'Please select a file' });
    expect(await list()).toEqual([]);
  });

  it('When the name or the valid-from date is missing or wrong, then 400 names the fields and nothing is stored', async () => {
    const res = await upload('', 'yesterday', { bytes: pdf, filename: 'a.pdf' }).expect(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['name', 'validFromDate']);
    expect(await list()).toEqual([]);
  });

  it('When the file is larger than 10 MB, then 413', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload('Huge', '2026-01-01', { bytes: big, filename: 'huge.pdf' }).expect(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect(await list()).toEqual([]);
  });

  describe('a .docx that unzips to too much (zip bomb)', () => {
    // 100 MB of word/document.xml in a 300 KB file: it took document generation to 4.5 GB and crash-looped the service.
    let bomb: Buffer;
    beforeAll(() => {
      bomb = zipBombDocx(100);
    }, 30_000); // a few seconds to deflate 100 MB on a busy machine

    it('When a 300 KB .docx whose document.xml unzips to 100 MB is uploaded, then 413 says why and nothing is stored', async () => {
      expect(bomb.length).toBeLessThan(400 * 1024);
      const res = await upload('Bomb', '2026-01-01', { bytes: bomb, filename: 'bomb.docx' }).expect(413);
      expect(res.body.error).toEqual({
        code: 'template_too_large',
        message:
          'The template is too large: it expands to more than 20 MB when unzipped (word/document.xml alone declares 100 MB); a template may hold 20 MB unzipped at most',
        details: { maxUnzippedBytes: 20 * 1024 * 1024, maxFiles: 1000 },
      });
      expect(await list()).toEqual([]);
    });

    it('When the bomb hides its size (its headers declare 1 KB), then the real unzip is stopped: 422, nothing stored', async () => {
      const liar = withDeclaredSize(bomb, 'word/document.xml', 1_000);
      const res = await upload('Liar', '2026-01-01', { bytes: liar, filename: 'liar.docx' }).expect(422);
      expect(res.body.error).toMatchObject({
        code: 'template_invalid',
        message: expect.stringMatching(
          /^The template is not a readable \.docx file: word\/document\.xml cannot be unzipped \(too many bytes/,
        ),
      });
      expect(await list()).toEqual([]);
    });

    it('When a .docx holds more than 1,000 files, then 413 and nothing is stored', async () => {
      const res = await upload('Crowded', '2026-01-01', {
        bytes: manyFilesDocx(1_000),
        filename: 'crowded.docx',
      }).expect(413);
      expect(res.body.error.message).toBe(
        'The template is too large: it holds 1006 files; a template may hold 1000 at most',
      );
      expect(await list()).toEqual([]);
    });
  });

  it('When templates are listed, then the newest valid-from date comes first', async () => {
    await upload('2024', '2024-01-01', { bytes: pdf, filename: 'a.pdf' }).expect(201);
    await upload('2026', '2026-01-01', { bytes: pdf, filename: 'b.pdf' }).expect(201);
    await upload('2025', '2025-01-01', { bytes: pdf, filename: 'c.pdf' }).expect(201);
    expect((await list()).map((t: { name: string }) => t.name)).toEqual(['2026', '2025', '2024']);
  });

  it('When a template is patched, then name and date change and the file stays; bad or empty patches are 400; unknown is 404', async () => {
    const t = (await upload('Draft', '2026-01-01', { bytes: pdf, filename: 'a.pdf' }).expect(201)).body;
    const res = await request(h.app)
      .patch(`/api/admin/contract-templates/${t.id}`)
      .use(admin())
      .send({ name: 'Final', validFromDate: '2026-02-01' })
      .expect(200);
    expect(res.body).toEqual({ ...t, name: 'Final', validFromDate: '2026-02-01', version: 2 });
    expect(await list()).toEqual([res.body]);
    await request(h.app).patch(`/api/admin/contract-templates/${t.id}`).use(admin()).send({}).expect(400);
    await request(h.app)
      .patch(`/api/admin/contract-templates/${t.id}`)
      .use(admin())
      .send({ validFromDate: '01/02/2026' })
      .expect(400);
    await request(h.app)
      .patch('/api/admin/contract-templates/nope')
      .use(admin())
      .send({ name: 'x' })
      .expect(404);
    await download(t.id).expect(200);
  });

  it('When an editor deletes a template, then 403; when an admin does, then 204 and the template and its file are gone', async () => {
    const t = (await upload('Old', '2026-01-01', { bytes: pdf, filename: 'a.pdf' }).expect(201)).body;
    await request(h.app).delete(`/api/admin/contract-templates/${t.id}`).use(editor()).expect(403);
    expect(await list()).toHaveLength(1);
    await request(h.app).delete(`/api/admin/contract-templates/${t.id}`).use(admin()).expect(204);
    expect(await list()).toEqual([]);
    await download(t.id).expect(404);
    await request(h.app).delete(`/api/admin/contract-templates/${t.id}`).use(admin()).expect(404);
    const keys = (await h.svc.ctx.infra.eventStore.readAll(0))
      .map((e) => (e.data as { objectKey?: string }).objectKey)
      .filter(Boolean);
    expect(await h.svc.ctx.infra.objects.stat(keys[0]!)).toBeNull();
  });

  it('When an editor uploads, lists and patches, then it is allowed; without an identity every route is 401', async () => {
    await request(h.app)
      .post('/api/admin/contract-templates')
      .use(editor())
      .field('name', 'E')
      .field('validFromDate', '2026-01-01')
      .attach('file', pdf, 'e.pdf')
      .expect(201);
    await request(h.app).get('/api/admin/contract-templates').use(editor()).expect(200);
    await request(h.app).get('/api/admin/contract-templates').expect(401);
    await request(h.app).post('/api/admin/contract-templates').attach('file', pdf, 'e.pdf').expect(401);
    await request(h.app).patch('/api/admin/contract-templates/x').send({ name: 'x' }).expect(401);
    await request(h.app).delete('/api/admin/contract-templates/x').expect(401);
    await request(h.app).get('/api/admin/contract-templates/x/download').expect(401);
  });

  it('When the upload is not a valid multipart body, then 400 says so and nothing is stored', async () => {
    const noBoundary = await request(h.app)
      .post('/api/admin/contract-templates')
      .set('Content-Type', 'multipart/form-data')
      .use(admin())
      .send('name=x');
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.error.message).toBe('The upload is not a valid multipart/form-data body');
    const malformedPart = await request(h.app)
      .post('/api/admin/contract-templates')
      .set('Content-Type', 'multipart/form-data; boundary=XX')
      .use(admin())
      .send('--XX\r\nthis is no header line\r\n\r\nbody\r\n--XX--\r\n');
    expect(malformedPart.status).toBe(400);
    expect(await list()).toEqual([]);
  });

  it('When the read models are rebuilt, then the template list is the same', async () => {
    const a = (await upload('A', '2026-01-01', { bytes: pdf, filename: 'a.pdf' }).expect(201)).body;
    const b = (await upload('B', '2025-01-01', { bytes: doc, filename: 'b.doc' }).expect(201)).body;
    await upload('C', '2024-01-01', { bytes: pdf, filename: 'c.pdf' }).expect(201);
    await request(h.app)
      .patch(`/api/admin/contract-templates/${a.id}`)
      .use(admin())
      .send({ name: 'A2' })
      .expect(200);
    await request(h.app).delete(`/api/admin/contract-templates/${b.id}`).use(admin()).expect(204);
    const live = await list();
    await new Projector(
      h.svc.ctx.infra.eventStore,
      h.svc.ctx.infra.readModels,
      contractsProjections,
    ).rebuild();
    expect(await list()).toEqual(live);
    expect(live.map((t: { name: string }) => t.name)).toEqual(['A2', 'C']);
  });
});
