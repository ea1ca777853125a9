import request from 'supertest';
import { serviceExport } from '@12yards/api';
import { admin, editor, startContracts, type Harness } from './helpers';
import { clientWithDocument } from './privacy-person';

describe('contracts service: export of a person (GET /internal/privacy/export)', () => {
  jest.setTimeout(60_000); // a document is filled in a process of its own
  let h: Harness;
  beforeEach(async () => {
    h = await startContracts();
  });
  afterEach(async () => h?.stop());

  const person = { name: 'Idris Vane', email: 'idris.vane@coastfans.example', phone: '+44 117 496 0112' };
  const exportOf = (email: string, as = admin()) =>
    request(h.app)
      .get(`/internal/privacy/export?${new URLSearchParams({ email })}`)
      .use(as);

  it('When an admin exports a partner who is also the client of a contract with a document, then their partner record, the contract with its client fields and the document name are answered', async () => {
    const { partner, contract, documentKey } = await clientWithDocument(h, person);

    const res = await exportOf(person.email.toUpperCase()).expect(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(serviceExport.parse(res.body)).toEqual({
      service: 'contracts',
      records: [
        {
          kind: 'partner-record',
          id: partner.id,
          title: 'Partner record (as the contracts service keeps it)',
          fields: expect.objectContaining({ Name: person.name, Email: person.email }),
        },
        {
          kind: 'contract',
          id: contract.id,
          title: expect.stringMatching(
            /^Contract with Leeds Fans Ltd, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/,
          ),
          fields: expect.objectContaining({
            'Client name': person.name,
            'Client email': person.email,
            'Client phone': person.phone,
          }),
        },
        {
          kind: 'document',
          id: documentKey,
          title: `Generated document contract-${contract.id}.docx, ${today}`,
          fields: { 'File name': `contract-${contract.id}.docx`, Generated: expect.any(String) },
        },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain('Alex Smith'); // the other contract's client
  });

  it('When no one with that email is held, then no records; an editor gets 403 and no email 400', async () => {
    expect((await exportOf('nobody@nowhere.example').expect(200)).body).toEqual({
      service: 'contracts',
      records: [],
    });
    await exportOf(person.email, editor()).expect(403);
    expect((await exportOf('idris').expect(400)).body.error.message).toContain('email');
  });
});
