import request from 'supertest';
import { validContract } from '@12yards/contracts/test/fixtures';
import type { Stack } from '../src/testing';

export interface Person {
  name: string;
  email: string;
  /** A contract client's phone: only the contract holds it. */
  phone: string;
}

/**
 * A person every privacy-holding service knows: an applicant (partners) who also sent a contact message and is the
 * client of a contract made with them (contracts: its partner record and the contract).
 */
export async function personInEveryService(
  stack: Stack,
  admin: { agent: request.Agent; csrf: string },
  person: Person,
): Promise<{ partnerId: string; contractId: string }> {
  const partner = (
    await request(stack.app)
      .post('/api/partners')
      .send({
        name: person.name,
        email: person.email,
        type: 'club',
        organization: 'Harbourtown Rovers',
        position: 'Chair',
        webAddress: 'https://rovers.example',
        targetMembers: '300',
        membershipType: 'paid',
        message: 'Please call',
      })
      .expect(201)
  ).body as { id: string };
  await request(stack.app)
    .post('/api/contacts')
    .send({ name: person.name, email: person.email, subject: 'Season tickets', message: 'Hello' })
    .expect(201);
  const contract = (
    await admin.agent
      .post('/api/admin/contracts')
      .set('X-CSRF-Token', admin.csrf)
      .send({
        ...validContract(partner.id),
        companyName: 'Harbourtown Rovers Ltd',
        registrationNumber: '07654321',
        companyAddress: '2 Quay Street',
        clientName: person.name,
        clientEmail: person.email,
        clientTelephone: person.phone,
        clientPosition: 'Secretary',
      })
      .expect(201)
  ).body as { id: string };
  return { partnerId: partner.id, contractId: contract.id };
}
