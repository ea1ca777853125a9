import type { Harness } from './helpers';

/**
 * A partner who is also the client of a contract made with them, with a generated document, beside another
 * partner's contract (whose client is Alex Smith): what a privacy test finds, or must not find.
 */
export async function clientWithDocument(h: Harness, person: { name: string; email: string; phone: string }) {
  const partner = await h.addPartner({ name: person.name, email: person.email });
  const contract = await h.createContract(partner.id, {
    clientName: person.name,
    clientEmail: person.email,
    clientTelephone: person.phone,
  });
  const other = await h.createContract((await h.addPartner()).id);
  const generated = await h.generateDocument(contract.id).expect(200);
  const jobId = String(generated.headers['x-job-id']);
  return { partner, contract, other, documentKey: `contract-documents/${contract.id}/${jobId}.docx` };
}
