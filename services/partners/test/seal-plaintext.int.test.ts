import request from 'supertest';
import { existsSync, readFileSync } from 'node:fs';
import {
  ERASED_PERSONAL_DATA,
  openSqlite,
  serviceDbFile,
  isEncryptedField,
  openMessage,
  SqliteEventStore,
  startService,
  type RunningService,
} from '@12yards/platform';
import { testServiceEnv } from '@12yards/platform/testing';
import { partnersService } from '../src/definition';
import { admin, applyAsClub } from './helpers';

/**
 * Issue 26: personal data written in plain text before encryption existed must be erasable too. On start, the
 * service encrypts it in place with each subject's key (once: a second start changes nothing), so an erasure then
 * erases it like the rest.
 */
describe('partners service: personal data stored in plain text before encryption is sealed on start', () => {
  let env: ReturnType<typeof testServiceEnv>;
  let svc: RunningService | undefined;
  const start = async () => (svc = await startService(partnersService, env));
  const stop = async () => {
    await svc?.stop();
    svc = undefined;
  };
  beforeEach(() => {
    env = testServiceEnv();
  });
  afterEach(async () => {
    await stop();
    env.cleanup();
  });

  const file = () => serviceDbFile(env.DATA_DIR, 'partners');
  const storedBytes = () =>
    Buffer.concat([file(), `${file()}-wal`].filter(existsSync).map((f) => readFileSync(f))).toString(
      'latin1',
    );
  /** The events as stored (no decryption), from a connection of the test's own. */
  const rawEvents = async () => {
    const db = openSqlite(file());
    try {
      return await new SqliteEventStore(db).readAll(0, 10_000);
    } finally {
      db.close();
    }
  };
  /** Appends events as the service wrote them before encryption existed: the personal fields in plain text. */
  const appendPlain = async (streamId: string, type: string, data: Record<string, unknown>) => {
    const db = openSqlite(file());
    try {
      await new SqliteEventStore(db).append(streamId, 'no_stream', [{ type, data, meta: { actor: 'old' } }]);
    } finally {
      db.close();
    }
  };

  it('When an application, its published message and a contact message were stored in plain text, then after a start they are encrypted, read as before, and an erasure leaves none of them in the file', async () => {
    svc = await start();
    // The shape of an application as the service stores it today (its encrypted fields left empty), to write an old one.
    const today = await applyAsClub(svc.app);
    const [submitted] = (await rawEvents()).filter((e) => e.streamId === `partner-${today.id}`);
    const shape = Object.fromEntries(
      Object.entries(submitted!.data as Record<string, unknown>).map(([k, v]) => [
        k,
        isEncryptedField(v) ? null : v,
      ]),
    );
    await stop();

    const id = 'old-application-1';
    await appendPlain(`partner-${id}`, 'PartnerApplicationSubmitted', {
      ...shape,
      id,
      name: 'Percival Plainfield',
      email: 'percival@oldtimes.example',
      organization: 'Oldtimes Rovers',
      message: 'Written before encryption',
    });
    await appendPlain('contact-old-message-1', 'ContactMessageReceived', {
      id: 'old-message-1',
      name: 'Percival Plainfield',
      email: 'percival@oldtimes.example',
      subject: 'Old question',
      message: 'Hello from before',
      status: 'unread',
      at: new Date().toISOString(), // (within the retention period: the sweep on start leaves it)
    });
    // And its integration event as the relay published it then, on the embedded topic in the same file.
    const topicDb = openSqlite(file());
    topicDb.prepare('INSERT INTO bus_messages (topic, position, message) VALUES (?, ?, ?)').run(
      'partners',
      1_000_000,
      JSON.stringify({
        id: 'old-message-of-application',
        type: 'PartnerApplicationSubmitted',
        streamId: `partner-${id}`,
        version: 1,
        position: 1_000_000,
        occurredAt: '2025-01-01T00:00:00.000Z',
        data: {
          partnerId: id,
          name: 'Percival Plainfield',
          email: 'percival@oldtimes.example',
          type: 'club',
        },
        meta: { schemaVersion: 2 },
      }),
    );
    topicDb.close();
    expect(JSON.stringify(await rawEvents())).toContain('percival@oldtimes.example');

    svc = await start();
    const raw = await rawEvents();
    expect(JSON.stringify(raw)).not.toContain('Percival');
    expect(JSON.stringify(raw)).not.toContain('percival@oldtimes.example');
    expect(JSON.stringify(raw)).not.toContain('Written before encryption');
    const topicAfter = openSqlite(file());
    const [published] = topicAfter
      .prepare<[], { message: string }>('SELECT message FROM bus_messages WHERE position = 1000000')
      .all();
    topicAfter.close();
    expect(published!.message).not.toContain('Percival');
    expect(published!.message).not.toContain('percival@oldtimes.example');
    // A consumer opens it with the producer's keys, as it opens what the relay publishes now.
    const opened = await openMessage(JSON.parse(published!.message), svc.ctx.subjectKeys!);
    expect(opened.data).toMatchObject({
      name: 'Percival Plainfield',
      email: 'percival@oldtimes.example',
      type: 'club',
    });
    // Read as before, through the keys.
    const detail = (await request(svc.app).get(`/api/admin/partners/${id}`).use(admin()).expect(200)).body;
    expect(detail).toMatchObject({ name: 'Percival Plainfield', email: 'percival@oldtimes.example' });

    // A second start seals nothing again: the stored events are byte for byte the same.
    await stop();
    svc = await start();
    expect(await rawEvents()).toEqual(raw);

    const erased = await request(svc.app)
      .post('/internal/privacy/erasure')
      .use(admin())
      .send({ email: 'percival@oldtimes.example' })
      .expect(200);
    expect(erased.body.erased.map((r: { kind: string }) => r.kind)).toEqual([
      'application',
      'contact-message',
    ]);
    const after = (await request(svc.app).get(`/api/admin/partners/${id}`).use(admin()).expect(200)).body;
    expect(after).toMatchObject({ name: ERASED_PERSONAL_DATA, email: ERASED_PERSONAL_DATA });
    const bytes = storedBytes();
    for (const plain of ['Percival Plainfield', 'percival@oldtimes.example', 'Written before encryption'])
      expect(bytes).not.toContain(plain);
  });

  it('When a subject was erased and a plain event of theirs is left from before, then a start marks it erased instead of encrypting it again', async () => {
    svc = await start();
    const ann = await applyAsClub(svc.app, { name: 'Gone Gwendolyn', email: 'gwen@gone.example' });
    await request(svc.app)
      .post('/internal/privacy/erasure')
      .use(admin())
      .send({ email: 'gwen@gone.example' })
      .expect(200);
    const [submitted] = (await rawEvents()).filter((e) => e.streamId === `partner-${ann.id}`);
    await stop();
    // A plain event of the same subject, as an old writer would have left it.
    const db = openSqlite(file());
    await new SqliteEventStore(db).append(`partner-${ann.id}`, 1, [
      {
        type: 'PartnerDetailsChanged',
        data: { ...(submitted!.data as object), name: 'Gone Gwendolyn', email: 'gwen@gone.example' },
      },
    ]);
    db.close();

    svc = await start();
    const stream = (await rawEvents()).filter((e) => e.streamId === `partner-${ann.id}`);
    expect(stream.at(-1)!.data).toMatchObject({ name: ERASED_PERSONAL_DATA, email: ERASED_PERSONAL_DATA });
    expect(storedBytes()).not.toContain('Gwendolyn');
  });
});
