import request from 'supertest';
import { historyResponse } from '@12yards/api';
import { ERASED_PERSONAL_DATA } from '@12yards/platform';
import { admin, editor, startContracts, type Harness } from './helpers';
import { clientWithDocument } from './privacy-person';
import { contractsStoredText } from './stored-text';

describe('contracts service: erasure of a person (POST /internal/privacy/erasure)', () => {
  jest.setTimeout(60_000); // a document is filled in a process of its own
  let h: Harness;
  beforeEach(async () => {
    h = await startContracts();
  });
  afterEach(async () => h?.stop());

  const person = { name: 'Orla Fenwick', email: 'orla.fenwick@leedsfans.example', phone: '+44 113 496 0731' };
  /** The contracts service's own bytes: its SQLite file with its WAL, and its objects. */
  const storedBytes = () => contractsStoredText(h.env.DATA_DIR);

  it('When an admin erases a partner who is also the client of a contract with a document, then its record, the client fields and the document are erased, and a second request finds nothing', async () => {
    const { partner, contract, other, documentKey } = await clientWithDocument(h, person);
    expect(storedBytes()).toContain(person.name); // the read models hold it in plain text for the screens

    const res = await request(h.app)
      .post('/internal/privacy/erasure')
      .use(admin())
      .send({ email: person.email.toUpperCase() })
      .expect(200);
    expect(res.body).toEqual({
      service: 'contracts',
      erased: [
        { kind: 'partner-record', id: partner.id },
        { kind: 'contract', id: contract.id },
        { kind: 'document', id: documentKey },
      ],
    });

    const shown = (await request(h.app).get(`/api/admin/contracts/${contract.id}`).use(admin()).expect(200))
      .body;
    expect(shown).toMatchObject({
      clientName: ERASED_PERSONAL_DATA,
      clientEmail: ERASED_PERSONAL_DATA,
      clientTelephone: ERASED_PERSONAL_DATA,
      companyName: 'Leeds Fans Ltd',
    });
    const otherShown = (await request(h.app).get(`/api/admin/contracts/${other.id}`).use(admin()).expect(200))
      .body;
    expect(otherShown).toMatchObject({ clientName: 'Alex Smith' });
    const history = historyResponse.parse(
      (await request(h.app).get(`/api/admin/history/contract/${contract.id}`).use(editor()).expect(200)).body,
    );
    expect(history[0]!.changes).toMatchObject({ clientName: { to: ERASED_PERSONAL_DATA } });
    expect(await h.svc.ctx.infra.objects.stat(documentKey)).toBeNull();

    const bytes = storedBytes();
    for (const plain of [person.name, person.email, person.phone]) expect(bytes).not.toContain(plain);

    const again = await request(h.app)
      .post('/internal/privacy/erasure')
      .use(admin())
      .send({ email: person.email })
      .expect(200);
    expect(again.body).toEqual({ service: 'contracts', erased: [] });
  });
});
