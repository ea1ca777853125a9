import request from 'supertest';
import { privacyExport, recordsSummary } from '@12yards/api';
import { partnersService } from '@12yards/partners/src/definition';
import { createContractsService } from '@12yards/contracts/src/definition';
import { startStack, TEST_EDITOR, type Stack } from '../src/testing';
import { personInEveryService } from './privacy-person';

const person = {
  name: 'Tamsin Holloway',
  email: 'tamsin.holloway@northgate.example',
  phone: '+44 191 496 0558',
};
const exportPath = (email: string) => `/api/admin/privacy/export?${new URLSearchParams({ email })}`;

describe('GET /api/admin/privacy/export through the gateway: one document of everything held about a person', () => {
  jest.setTimeout(60_000);
  let stack: Stack;
  afterEach(async () => stack?.stop());

  it('When an admin exports an applicant who also wrote and is a contract client, then each service answers its part and the summary names them all; after an erasure nothing is held and no log line holds their email', async () => {
    const logs: string[] = [];
    stack = await startStack({
      services: [
        partnersService,
        createContractsService({ partnerWaitMs: 1_000, partnersUrl: () => stack.urls.PARTNERS_URL }),
      ],
      logs: { write: (line: string) => void logs.push(line) },
    });
    const { agent, csrf } = await stack.login();
    await personInEveryService(stack, { agent, csrf }, person);

    const editor = await stack.login(TEST_EDITOR);
    await editor.agent.get(exportPath(person.email)).expect(403);

    const res = await agent.get(exportPath(person.email)).expect(200);
    const exported = privacyExport.parse(res.body);
    expect(exported).toMatchObject({
      email: person.email,
      nothingHeld: false,
      summary: '1 application, 1 message, 1 partner record and 1 contract',
    });
    expect(exported.services.map((s) => [s.service, s.records.map((r) => r.kind)])).toEqual([
      ['partners', ['application', 'contact-message']],
      ['contracts', ['partner-record', 'contract']],
    ]);
    expect(exported.services[1]!.records[1]!.fields).toMatchObject({ 'Client phone': person.phone });

    // The summary names what an erasure then erases.
    const erased = await agent
      .post('/api/admin/privacy/erasure')
      .set('X-CSRF-Token', csrf)
      .send({ email: person.email })
      .expect(200);
    expect(erased.body.message).toBe(`Erased personal data: ${exported.summary}`);
    expect(recordsSummary(erased.body.services.flatMap((s: { erased: unknown[] }) => s.erased))).toBe(
      exported.summary,
    );

    const after = privacyExport.parse((await agent.get(exportPath(person.email)).expect(200)).body);
    expect(after).toMatchObject({ nothingHeld: true, summary: 'Nothing is held about this email address' });
    expect(JSON.stringify(after)).not.toContain(person.name);
    // The export's query carries the email: every request line of the run (gateway and services) has it redacted.
    const logged = logs.join('');
    expect(logged).toContain('/api/admin/privacy/export?email=[Redacted]');
    for (const plain of [person.email, encodeURIComponent(person.email), person.name])
      expect(logged).not.toContain(plain);
  });

  it('When the contracts service does not answer, then 503 names it; no email is 400; no session 401', async () => {
    stack = await startStack({ services: [partnersService] }); // contracts points at a closed port
    const { agent } = await stack.login();
    const down = await agent.get(exportPath(person.email)).expect(503);
    expect(down.headers['retry-after']).toBe('2');
    expect(down.body.error.message).toBe('The contracts service did not answer; please try again shortly');
    const bad = await agent.get(exportPath('tamsin')).expect(400);
    expect(JSON.stringify(bad.body)).toContain('email');
    await request(stack.app).get(exportPath(person.email)).expect(401);
  });
});
