import { randomBytes } from 'node:crypto';
import type { SubjectKeyStore } from '../../src/privacy/subject-keys';

export interface SubjectKeyStoreHarness {
  /** Each call: the store as another process of the same service opens it. */
  open(): Promise<SubjectKeyStore>;
  /** Every stored byte that could still hold a deleted key (the SQLite file with its -wal; the collection's documents). */
  storedBytes(): Promise<Buffer>;
  /** The keys as another service reads them: a consumer opening this service's integration events. */
  reader(): Promise<SubjectKeyStore & { close(): unknown }>;
  /** Lookups of keys sent to the server so far (the adapters whose reads are round trips). */
  lookups?(): number;
  cleanup(): Promise<void>;
}

let n = 0;

/** The subject key store port: what both adapters (SQLite table, MongoDB collection) must do alike. */
export function subjectKeyStoreContract(adapter: string, make: () => Promise<SubjectKeyStoreHarness>) {
  describe(`SubjectKeyStore contract [${adapter}]`, () => {
    let h: SubjectKeyStoreHarness;
    const subject = () => `subject-${process.pid}-${Date.now()}-${++n}`;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.cleanup();
    });

    it('When a subject has no key, then get answers null', async () => {
      const store = await h.open();
      expect(await store.get(subject())).toBeNull();
      expect(await store.ready()).toBe(true);
    });

    it('When a key is put, then another process reads the same bytes', async () => {
      const [a, b] = [await h.open(), await h.open()];
      const id = subject();
      const wrapped = randomBytes(60);
      expect(await a.putIfAbsent(id, wrapped)).toEqual(wrapped);
      expect(await b.get(id)).toEqual(wrapped);
    });

    it('When every key is read at once (a rebuild), then each stored subject comes with its bytes, and an erased one does not', async () => {
      const store = await h.open();
      const [kept, erased] = [subject(), subject()];
      const wrapped = randomBytes(60);
      await store.putIfAbsent(kept, wrapped);
      await store.putIfAbsent(erased, randomBytes(60));
      await store.delete(erased);
      const all = new Map<string, Buffer>();
      for await (const [id, bytes] of store.all!()) all.set(id, bytes);
      expect(all.get(kept)).toEqual(wrapped);
      expect(all.has(erased)).toBe(false);
    });

    it('When two processes put a key for the same subject at once, then both answer the one stored', async () => {
      const [a, b] = [await h.open(), await h.open()];
      const id = subject();
      const [first, second] = await Promise.all([
        a.putIfAbsent(id, randomBytes(60)),
        b.putIfAbsent(id, randomBytes(60)),
      ]);
      expect(first).toEqual(second);
      expect(await a.get(id)).toEqual(first);
    });

    it('When a key is deleted, then no process reads it again, a second delete answers false, and its bytes are gone', async () => {
      const [a, b] = [await h.open(), await h.open()];
      const id = subject();
      const kept = subject();
      const wrapped = randomBytes(60);
      await a.putIfAbsent(id, wrapped);
      await a.putIfAbsent(kept, randomBytes(60));
      expect((await h.storedBytes()).includes(wrapped)).toBe(true);
      expect(await b.delete(id)).toBe(true);
      expect(await a.get(id)).toBeNull();
      expect(await b.delete(id)).toBe(false);
      expect(await a.get(kept)).not.toBeNull();
      expect((await h.storedBytes()).includes(wrapped)).toBe(false);
    });

    it('When another service reads the keys, then it reads what was stored, null for none, and cannot write', async () => {
      const store = await h.open();
      const [id, none] = [subject(), subject()];
      const wrapped = randomBytes(60);
      await store.putIfAbsent(id, wrapped);
      const reader = await h.reader();
      try {
        expect(await reader.get(id)).toEqual(wrapped);
        expect(await reader.get(none)).toBeNull();
        expect(() => reader.putIfAbsent(none, randomBytes(60))).toThrow(/read-only/);
        expect(() => reader.delete(id)).toThrow(/read-only/);
        expect(await reader.get(none)).toBeNull();
      } finally {
        await reader.close();
      }
    });

    it('When a consumer opens ten events of a fetched batch side by side, then their keys come in one or two lookups', async () => {
      if (!h.lookups) return;
      const store = await h.open();
      const ids = Array.from({ length: 10 }, () => subject());
      const stored = await Promise.all(ids.map((id) => store.putIfAbsent(id, randomBytes(60))));
      const reader = await h.reader();
      try {
        await reader.get(subject()); // connected
        const before = h.lookups();
        expect(await Promise.all(ids.map((id) => reader.get(id)))).toEqual(stored);
        expect(h.lookups() - before).toBeLessThanOrEqual(2);
      } finally {
        await reader.close();
      }
    });
  });
}
