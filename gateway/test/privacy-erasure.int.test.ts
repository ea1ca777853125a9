import request from 'supertest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { privacyErasureResult } from '@12yards/api';
import { ERASED_PERSONAL_DATA, emailHash } from '@12yards/platform';
import { TEST_SECRET } from '@12yards/platform/testing';
import { partnersService } from '@12yards/partners/src/definition';
import { createContractsService } from '@12yards/contracts/src/definition';
import { startStack, TEST_EDITOR, type Stack } from '../src/testing';
import { personInEveryService } from './privacy-person';

/** Every file under a folder (SQLite files with their -wal and -shm, objects), recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/** The person, and a contract client's phone only a contract holds. */
const person = {
  name: 'Wilhelmina Ostrowska',
  email: 'w.ostrowska@harbourtown.example',
  phone: '+44 161 496 0377',
};

describe('POST /api/admin/privacy/erasure through the gateway, and the proof: no byte of the person is left', () => {
  jest.setTimeout(60_000);
  let stack: Stack;
  const logs: string[] = [];
  beforeEach(async () => {
    logs.length = 0;
    stack = await startStack({
      services: [
        partnersService,
        createContractsService({ partnerWaitMs: 1_000, partnersUrl: () => stack.urls.PARTNERS_URL }),
      ],
      logs: { write: (line: string) => void logs.push(line) },
    });
  });
  afterEach(async () => stack.stop());

  /** Every byte stored under DATA_DIR and every log line of the run, as one text (latin1 keeps every byte). */
  const everything = () =>
    Buffer.concat([
      ...filesUnder(stack.dataDir)
        .filter(existsSync)
        .map((f) => readFileSync(f)),
      Buffer.from(logs.join('')),
    ]).toString('latin1');
  const countOf = (text: string, needle: string) => text.split(needle).length - 1;

  it('When an admin erases an applicant who also wrote and is a contract client, then each service answers what it erased, the activity shows "Erased personal data", a second request finds nothing, and no file or log holds their email, name or phone', async () => {
    const { agent, csrf } = await stack.login();
    const { contractId } = await personInEveryService(stack, { agent, csrf }, person);

    const before = everything();
    for (const plain of Object.values(person)) expect(countOf(before, plain)).toBeGreaterThan(0);

    const editor = await stack.login(TEST_EDITOR);
    await editor.agent
      .post('/api/admin/privacy/erasure')
      .set('X-CSRF-Token', editor.csrf)
      .send({ email: person.email })
      .expect(403);

    const started = Date.now();
    const res = await agent
      .post('/api/admin/privacy/erasure')
      .set('X-CSRF-Token', csrf)
      .send({ email: person.email })
      .expect(200);
    const took = Date.now() - started;
    const result = privacyErasureResult.parse(res.body);
    expect(result.emailHash).toBe(emailHash(person.email, TEST_SECRET));
    expect(result.nothingLeft).toBe(false);
    expect(result.message).toBe(
      'Erased personal data: 1 application, 1 message, 1 partner record and 1 contract',
    );
    expect(result.services.map((s) => [s.service, s.erased.map((r) => r.kind)])).toEqual([
      ['partners', ['application', 'contact-message']],
      ['contracts', ['partner-record', 'contract']],
    ]);
    expect(result.services[1]!.erased).toContainEqual({ kind: 'contract', id: contractId });

    const activity = await agent.get('/api/admin/activity').expect(200);
    const shown = JSON.stringify(activity.body);
    expect(shown).toContain(ERASED_PERSONAL_DATA);
    for (const plain of Object.values(person)) expect(shown).not.toContain(plain);

    const after = everything();
    const found = Object.fromEntries(Object.values(person).map((plain) => [plain, countOf(after, plain)]));
    expect(found).toEqual(Object.fromEntries(Object.values(person).map((plain) => [plain, 0])));
    // The figures of the closing note.
    process.stdout.write(
      `privacy proof (embedded): ${before.length} bytes read before, ${after.length} after; matches before ${JSON.stringify(
        Object.fromEntries(Object.values(person).map((p) => [p, countOf(before, p)])),
      )}, after ${JSON.stringify(found)}; erasure took ${took} ms\n`,
    );

    const again = privacyErasureResult.parse(
      (
        await agent
          .post('/api/admin/privacy/erasure')
          .set('X-CSRF-Token', csrf)
          .send({ email: person.email })
          .expect(200)
      ).body,
    );
    expect(again).toMatchObject({
      nothingLeft: true,
      message: 'Nothing is left to erase for this email address',
    });
  });

  it('When the email is no email, then 400 names it; without a session, 401', async () => {
    const { agent, csrf } = await stack.login();
    const bad = await agent
      .post('/api/admin/privacy/erasure')
      .set('X-CSRF-Token', csrf)
      .send({ email: 'not-an-email' })
      .expect(400);
    expect(JSON.stringify(bad.body)).toContain('email');
    await request(stack.app).post('/api/admin/privacy/erasure').send({ email: person.email }).expect(401);
  });
});
