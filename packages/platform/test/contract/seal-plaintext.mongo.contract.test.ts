// Issue 26: personal data written in plain text before encryption existed is sealed on start on the MongoDB store
// too (each commit and the copy its position entry holds), so an erasure then leaves none of it in any collection.
import request from 'supertest';
import type { Connection } from 'mongoose';
import { startService, type RunningService } from '../../src/runtime/service';
import { signedAs, testServiceEnv } from '../../src/testing';
import { connectMongo, MongoEventStore, serviceDatabaseName } from '../../src/adapters/mongo';
import { ERASED_PERSONAL_DATA, isEncryptedField } from '../../src/privacy';
import { partnersService } from '../../../../services/partners/src/definition';
import { clubApplication } from '../../../../services/partners/test/helpers';
import { runId, withRealServer } from './real-servers';

const admin = () => signedAs({ username: 'ops', role: 'admin' });
const old = {
  name: 'Percival Plainfield',
  email: 'percival@oldtimes.example',
  message: 'Written before encryption',
};

withRealServer('kafka', (kafkaEnv) =>
  withRealServer('mongo', (mongoEnv) => {
    describe('personal data stored in plain text before encryption is sealed on start [mongo]', () => {
      jest.setTimeout(120_000);
      const mongoUrl = (() => {
        const url = new URL(mongoEnv.MONGO_URL!);
        url.pathname = `/seal_${runId}`;
        return url.toString();
      })();
      // A service on MongoDB publishes to Kafka (the embedded bus reads the embedded store): topics of this run only.
      const env = testServiceEnv({
        MONGO_URL: mongoUrl,
        KAFKA_BROKERS: kafkaEnv.KAFKA_BROKERS,
        INFRA_NAMESPACE: `seal${runId}`,
      });
      let conn: Connection;
      let svc: RunningService | undefined;
      const start = async () => (svc = await startService(partnersService, env));
      const stop = async () => {
        await svc?.stop();
        svc = undefined;
      };

      beforeAll(async () => {
        conn = await connectMongo(mongoUrl, serviceDatabaseName(mongoUrl, 'partners'));
      });
      afterAll(async () => {
        await stop();
        await conn?.dropDatabase().catch(() => undefined);
        await conn?.close();
        env.cleanup();
      });

      /** Every document of the given collections (all when none is named), as text. */
      const stored = async (names?: string[]) => {
        const all = (await conn.db!.listCollections().toArray()).map((c) => c.name);
        const parts: string[] = [];
        for (const name of names ?? all)
          for (const doc of await conn.db!.collection(name).find({}).toArray())
            parts.push(JSON.stringify(doc));
        return parts.join('\n');
      };
      const countOf = (text: string, needle: string) => text.split(needle).length - 1;

      it('When an application and a contact message were stored in plain text, then after a start neither the commits nor their position entries hold it, the screens read it, and an erasure leaves it in no collection', async () => {
        svc = await start();
        // An application as the service stores it today, its encrypted fields left empty: the shape of an old one.
        const today = (await request(svc.app).post('/api/partners').send(clubApplication()).expect(201)).body;
        const [submitted] = await new MongoEventStore(conn).read(`partner-${today.id}`);
        const shape = Object.fromEntries(
          Object.entries(submitted!.data as Record<string, unknown>).map(([k, v]) => [
            k,
            isEncryptedField(v) ? null : v,
          ]),
        );
        await stop();

        const id = 'old-application-1';
        const store = new MongoEventStore(conn);
        await store.append(`partner-${id}`, 'no_stream', [
          {
            type: 'PartnerApplicationSubmitted',
            data: {
              ...shape,
              id,
              name: old.name,
              email: old.email,
              organization: 'Oldtimes Rovers',
              message: old.message,
            },
            meta: { actor: 'old' },
          },
        ]);
        await store.append('contact-old-message-1', 'no_stream', [
          {
            type: 'ContactMessageReceived',
            data: {
              id: 'old-message-1',
              name: old.name,
              email: old.email,
              subject: 'Old question',
              message: 'Hello from before',
              status: 'unread',
              at: new Date().toISOString(),
            },
            meta: { actor: 'old' },
          },
        ]);
        const events = ['events', 'event_positions'];
        const before = await stored(events);
        // Each in its commit and in the copy its position entry holds (the test can fail).
        expect(countOf(before, old.email)).toBe(4);

        svc = await start();
        const sealed = await stored(events);
        for (const plain of [old.name, old.email, old.message, 'Hello from before'])
          expect(countOf(sealed, plain)).toBe(0);
        const detail = (await request(svc.app).get(`/api/admin/partners/${id}`).use(admin()).expect(200))
          .body;
        expect(detail).toMatchObject({ name: old.name, email: old.email, message: old.message });

        // A second start seals nothing again: the events are as the first left them.
        await stop();
        svc = await start();
        expect(await stored(events)).toBe(sealed);

        const erased = await request(svc.app)
          .post('/internal/privacy/erasure')
          .use(admin())
          .send({ email: old.email })
          .expect(200);
        expect(erased.body.erased.map((r: { kind: string }) => r.kind)).toEqual([
          'application',
          'contact-message',
        ]);
        const after = (await request(svc.app).get(`/api/admin/partners/${id}`).use(admin()).expect(200)).body;
        expect(after).toMatchObject({ name: ERASED_PERSONAL_DATA, email: ERASED_PERSONAL_DATA });
        const everything = await stored();
        const found = Object.fromEntries(
          [old.name, old.email, old.message].map((p) => [p, countOf(everything, p)]),
        );
        process.stdout.write(
          `seal on mongo: ${countOf(before, old.email)} copies of the email in events/event_positions before the start, ` +
            `${countOf(sealed, old.email)} after; after the erasure in all collections ${JSON.stringify(found)}\n`,
        );
        expect(found).toEqual({ [old.name]: 0, [old.email]: 0, [old.message]: 0 });
      });
    });
  }),
);
