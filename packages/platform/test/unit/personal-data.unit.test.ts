import { randomBytes } from 'node:crypto';
import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import type { EventHandler, StoredEvent } from '../../src/ports';
import { openingBus } from '../../src/privacy/opening-bus';
import {
  decryptField,
  encryptField,
  ERASED_PERSONAL_DATA,
  isEncryptedField,
  masterKeyFrom,
  openMessage,
  PersonalDataStore,
  reopener,
  SqliteSubjectKeyStore,
  streamSubject,
  SubjectKeys,
  type PersonalDataPolicy,
} from '../../src/privacy';
import { useTempSqlite } from './temp-sqlite';

const SECRET = 'test-internal-secret-0123456789abcdef';

describe('encryptField / decryptField (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('When a value is encrypted, then it reads back exactly, and the stored text holds none of it', () => {
    const value = { name: 'Ada Lovelace', phones: ['+44 20 7946 0018'] };
    const stored = encryptField(key, 's1|contact', value);
    expect(isEncryptedField(stored)).toBe(true);
    expect(stored).not.toContain('Ada');
    expect(stored).not.toContain('7946');
    expect(decryptField(key, 's1|contact', stored)).toEqual(value);
  });

  it('When the same value is encrypted twice, then the two texts differ (fresh IV each time)', () => {
    expect(encryptField(key, 'c', 'same')).not.toBe(encryptField(key, 'c', 'same'));
  });

  it('When the key, the subject/field context or one byte differs, then decrypting fails instead of reading wrong', () => {
    const stored = encryptField(key, 's1|email', 'ada@example.org');
    expect(() => decryptField(randomBytes(32), 's1|email', stored)).toThrow();
    expect(() => decryptField(key, 's2|email', stored)).toThrow();
    const last = stored.at(-2) === 'A' ? 'B' : 'A';
    expect(() => decryptField(key, 's1|email', `${stored.slice(0, -2)}${last}${stored.at(-1)}`)).toThrow();
    expect(() => decryptField(key, 's1|email', 'plain')).toThrow(/not an encrypted/);
  });
});

describe('SubjectKeys', () => {
  const db = useTempSqlite();

  it('When a key is asked for twice, then it is the same 32 bytes, stored only wrapped', async () => {
    const store = new SqliteSubjectKeyStore(db());
    const keys = new SubjectKeys(store, masterKeyFrom(SECRET));
    const key = await keys.keyFor('contact-1');
    expect(key).toHaveLength(32);
    expect(await keys.keyFor('contact-1')).toEqual(key);
    expect(await keys.keyFor('contact-2')).not.toEqual(key);
    const wrapped = (await store.get('contact-1'))!;
    expect(wrapped.includes(key)).toBe(false);
  });

  it('When the master key differs, then the stored keys cannot be unwrapped', async () => {
    const store = new SqliteSubjectKeyStore(db());
    await new SubjectKeys(store, masterKeyFrom(SECRET)).keyFor('contact-1');
    const other = new SubjectKeys(store, masterKeyFrom(`${SECRET}-other`));
    await expect(other.existingKey('contact-1')).rejects.toThrow();
  });

  it('When a subject is erased, then its key is gone and asking again answers null', async () => {
    const keys = new SubjectKeys(new SqliteSubjectKeyStore(db()), masterKeyFrom(SECRET));
    await keys.keyFor('contact-1');
    expect(await keys.erase('contact-1')).toBe(true);
    expect(await keys.existingKey('contact-1')).toBeNull();
    expect(await keys.erase('contact-1')).toBe(false);
  });

  it('When the secret is shorter than 32 characters, then no master key is made from it', () => {
    expect(() => masterKeyFrom('short')).toThrow(/32/);
  });
});

describe('PersonalDataStore (crypto-shredding over the event store)', () => {
  const db = useTempSqlite();
  const policy: PersonalDataPolicy = {
    MessageReceived: { subject: streamSubject, fields: ['name', 'email', 'sender.phone'] },
  };
  const message = {
    id: 'm1',
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    subject: 'Tickets',
    sender: { phone: '+44 20 7946 0018', club: 'Arsenal' },
    note: null,
  };
  const setUp = () => {
    const raw = new SqliteEventStore(db());
    const keys = new SubjectKeys(new SqliteSubjectKeyStore(db()), masterKeyFrom(SECRET));
    return { raw, keys, store: new PersonalDataStore(raw, keys, policy) };
  };

  it('When an event with personal fields is appended, then the store keeps them encrypted and every read gives them back', async () => {
    const { raw, store } = setUp();
    const appended = await store.append('contact-m1', 'no_stream', [
      { type: 'MessageReceived', data: message },
    ]);
    expect(appended.events[0]!.data).toEqual(message);
    const stored = (await raw.read('contact-m1'))[0]!.data as typeof message;
    expect(JSON.stringify(stored)).not.toMatch(/Ada|ada@example|7946/);
    expect(isEncryptedField(stored.name)).toBe(true);
    expect(isEncryptedField(stored.sender.phone)).toBe(true);
    expect(stored).toMatchObject({ subject: 'Tickets', note: null, sender: { club: 'Arsenal' } });
    expect((await store.read('contact-m1'))[0]!.data).toEqual(message);
    expect((await store.readAll(0))[0]!.data).toEqual(message);
    expect((await store.readAllBackward())[0]!.data).toEqual(message);
  });

  it('When a catch-up read is given the events its process appended, then those come back as given and only the others are decrypted', async () => {
    const { raw, keys } = setUp();
    // An adapter that reads position by position gives known events back as they are (the Mongo store's walk).
    const walking = Object.assign(Object.create(raw) as SqliteEventStore, {
      readAll: async (from: number, limit?: number, known?: ReadonlyMap<number, StoredEvent>) =>
        (await raw.readAll(from, limit)).map((e) => known?.get(e.position) ?? e),
    });
    const store = new PersonalDataStore(walking, keys, policy);
    const own = await store.append('contact-m1', 'no_stream', [{ type: 'MessageReceived', data: message }]);
    const other = { ...message, id: 'm2', name: 'Grace Hopper' };
    await store.append('contact-m2', 'no_stream', [{ type: 'MessageReceived', data: other }]);
    const opened = jest.spyOn(keys, 'existingKey');

    const events = await store.readAll(0, 10, new Map(own.events.map((e) => [e.position, e])));

    expect(events.map((e) => e.data)).toEqual([message, other]);
    expect(events[0]).toBe(own.events[0]);
    expect(opened.mock.calls.map(([subject]) => subject)).toEqual(['contact-m2']);
  });

  it('When the subject is erased, then its fields read "Erased personal data" and the stream and other subjects stay whole', async () => {
    const { keys, store } = setUp();
    await store.append('contact-m1', 'no_stream', [{ type: 'MessageReceived', data: message }]);
    await store.append('contact-m2', 'no_stream', [
      { type: 'MessageReceived', data: { ...message, id: 'm2' } },
    ]);
    await store.append('contact-m1', 1, [{ type: 'StatusChanged', data: { status: 'read' } }]);
    await keys.erase('contact-m1');
    const [received, status] = await store.read('contact-m1');
    expect(received!.data).toEqual({
      ...message,
      name: ERASED_PERSONAL_DATA,
      email: ERASED_PERSONAL_DATA,
      sender: { phone: ERASED_PERSONAL_DATA, club: 'Arsenal' },
    });
    expect(status).toMatchObject({ version: 2, data: { status: 'read' } });
    expect((await store.read('contact-m2'))[0]!.data).toEqual({ ...message, id: 'm2' });
  });

  it('When a subject is written again after its erasure, then the new fields read back and the old ones read erased', async () => {
    const { keys, store } = setUp();
    await store.append('contact-m1', 'no_stream', [{ type: 'MessageReceived', data: message }]);
    await keys.erase('contact-m1');
    await store.append('contact-m1', 1, [
      { type: 'MessageReceived', data: { ...message, name: 'Grace Hopper' } },
    ]);
    const [before, after] = await store.read('contact-m1');
    expect(before!.data).toMatchObject({ name: ERASED_PERSONAL_DATA, email: ERASED_PERSONAL_DATA });
    expect(after!.data).toEqual({ ...message, name: 'Grace Hopper' });
  });

  it('When an event was stored before encryption existed, then its plain values read as they are', async () => {
    const { raw, store } = setUp();
    await raw.append('contact-old', 'no_stream', [{ type: 'MessageReceived', data: message }]);
    expect((await store.read('contact-old'))[0]!.data).toEqual(message);
  });
});

describe('openMessage (an integration event as a consumer reads it)', () => {
  const db = useTempSqlite();
  const message = (data: Record<string, unknown>) => ({
    id: 'e1',
    type: 'ContactMessageReceived',
    streamId: 'contact-m1',
    version: 1,
    position: 1,
    occurredAt: '2026-01-01T00:00:00.000Z',
    data,
    meta: {},
  });

  it("When its fields were encrypted with the producer's key, then they are opened; once erased they read 'Erased personal data'", async () => {
    const keys = new SubjectKeys(new SqliteSubjectKeyStore(db()), masterKeyFrom(SECRET));
    const key = await keys.keyFor('contact-m1');
    const sealed = message({ contactId: 'm1', name: encryptField(key, 'contact-m1|name', 'Ada Lovelace') });
    expect((await openMessage(sealed, keys)).data).toEqual({ contactId: 'm1', name: 'Ada Lovelace' });
    await keys.erase('contact-m1');
    expect((await openMessage(sealed, keys)).data).toEqual({ contactId: 'm1', name: ERASED_PERSONAL_DATA });
  });

  it('When a field was encrypted for another field or nothing is encrypted, then the first reads erased and the second is left as it is', async () => {
    const keys = new SubjectKeys(new SqliteSubjectKeyStore(db()), masterKeyFrom(SECRET));
    const key = await keys.keyFor('contact-m1');
    const moved = message({ name: encryptField(key, 'contact-m1|email', 'ada@example.org') });
    expect((await openMessage(moved, keys)).data).toEqual({ name: ERASED_PERSONAL_DATA });
    const plain = message({ contactId: 'm1', name: 'Ada' });
    expect(await openMessage(plain, keys)).toBe(plain);
  });

  it("When a bus opens messages only when asked, then a handler gets them encrypted without a look at the keys, and the message's reopener opens them", async () => {
    const keys = new SubjectKeys(new SqliteSubjectKeyStore(db()), masterKeyFrom(SECRET));
    const key = await keys.keyFor('contact-m1');
    const sealed = message({ contactId: 'm1', name: encryptField(key, 'contact-m1|name', 'Ada Lovelace') });
    const plain = message({ contactId: 'm2', name: 'Bob' });
    let looked = 0;
    const keysOf = async () => {
      looked++;
      return keys;
    };
    const delivered: StoredEvent[] = [];
    const underlying = {
      needsRelay: false,
      publish: async () => undefined,
      subscribe: async (_group: string, _topics: string[], handler: EventHandler) => {
        for (const m of [sealed, plain]) await handler(m, 'contacts');
        return { stop: async () => undefined };
      },
      ready: async () => true,
      close: async () => undefined,
    };

    await openingBus(underlying, keysOf, undefined, 'when-asked').subscribe('g', ['contacts'], async (m) => {
      delivered.push(m);
    });
    expect(delivered).toEqual([sealed, plain]);
    expect(looked).toBe(0);
    expect((await reopener(sealed)!()).data).toEqual({ contactId: 'm1', name: 'Ada Lovelace' });
    expect(looked).toBe(1);
    expect(reopener(plain)).toBeUndefined();

    delivered.length = 0;
    await openingBus(underlying, keysOf).subscribe('g', ['contacts'], async (m) => {
      delivered.push(m);
    });
    expect(delivered.map((m) => m.data)).toEqual([{ contactId: 'm1', name: 'Ada Lovelace' }, plain.data]);
  });
});
