import request from 'supertest';
import { historyResponse } from '@12yards/api';
import { ERASED_PERSONAL_DATA } from '@12yards/platform';
import { admin, editor, startContracts, type Harness } from './helpers';
import { contractsStoredText } from './stored-text';

/**
 * Issue 26: a deleted contract leaves the screens and the erasure's search (its row is removed), so a later erasure
 * of its client could never find it. Deleting it takes its client's personal data and its documents with it.
 */
describe('contracts service: deleting a contract erases its client', () => {
  jest.setTimeout(60_000); // a document is filled in a process of its own
  let h: Harness;
  beforeEach(async () => {
    h = await startContracts();
  });
  afterEach(async () => h?.stop());

  const client = { name: 'Tamsin Oduya', email: 'tamsin.oduya@fenside.example', phone: '+44 113 496 0288' };
  /** The service's SQLite file with its WAL, and its objects (a .docx read inside). */
  const stored = () => contractsStoredText(h.env.DATA_DIR);

  it('When an admin deletes a contract with a document, then the document is gone, its history reads "Erased personal data" for the client, and no stored byte holds the client; another contract is whole', async () => {
    const partner = await h.addPartner();
    const contract = await h.createContract(partner.id, {
      clientName: client.name,
      clientEmail: client.email,
      clientTelephone: client.phone,
    });
    const other = await h.createContract(partner.id);
    const generated = await h.generateDocument(contract.id).expect(200);
    const documentKey = `contract-documents/${contract.id}/${String(generated.headers['x-job-id'])}.docx`;
    expect(await h.svc.ctx.infra.objects.stat(documentKey)).not.toBeNull();
    const before = stored();
    for (const plain of Object.values(client)) expect(before).toContain(plain); // the row, and the document

    await request(h.app).delete(`/api/admin/contracts/${contract.id}`).use(admin()).expect(204);

    expect(await h.svc.ctx.infra.objects.stat(documentKey)).toBeNull();
    const history = historyResponse.parse(
      (await request(h.app).get(`/api/admin/history/contract/${contract.id}`).use(editor()).expect(200)).body,
    );
    const shown = JSON.stringify(history);
    expect(shown).toContain(ERASED_PERSONAL_DATA);
    for (const plain of Object.values(client)) expect(shown).not.toContain(plain);
    const after = stored();
    for (const plain of Object.values(client)) expect(after).not.toContain(plain);

    const kept = (await request(h.app).get(`/api/admin/contracts/${other.id}`).use(admin()).expect(200)).body;
    expect(kept).toMatchObject({ clientName: 'Alex Smith' });
  });
});
