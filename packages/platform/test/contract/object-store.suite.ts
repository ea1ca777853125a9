import type { Readable } from 'node:stream';
import type { ObjectStore } from '../../src/ports';

export interface ObjectStoreHarness {
  store: ObjectStore;
  cleanup(): Promise<void>;
}

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

let n = 0;

export function objectStoreContract(adapter: string, make: () => Promise<ObjectStoreHarness>) {
  describe(`ObjectStore contract [${adapter}]`, () => {
    let h: ObjectStoreHarness;
    const key = () => `test/${process.pid}-${Date.now()}-${++n}/file.bin`;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.cleanup();
    });

    it('When an object is put, then get returns the same bytes with its content type and metadata', async () => {
      const k = key();
      const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
      const info = await h.store.put(k, body, { contentType: 'image/png', metadata: { original: 'a.png' } });
      expect(info).toMatchObject({ key: k, size: 8, contentType: 'image/png' });
      expect(info.etag).toMatch(/^".+"$/);
      const got = await h.store.get(k);
      expect(got?.info).toMatchObject({ size: 8, contentType: 'image/png', etag: info.etag });
      expect(got?.info.metadata).toMatchObject({ original: 'a.png' });
      expect(await bytes(got!.body)).toEqual(body);
    });

    it('When a byte range is asked for, then only those bytes come back', async () => {
      const k = key();
      await h.store.put(k, Buffer.from('0123456789'), { contentType: 'text/plain' });
      const got = await h.store.get(k, { start: 2, end: 5 });
      expect((await bytes(got!.body)).toString()).toBe('2345');
    });

    it('When the same content is stored twice, then the etag is the same; other content, another etag', async () => {
      const a = await h.store.put(key(), Buffer.from('same'), { contentType: 'text/plain' });
      const b = await h.store.put(key(), Buffer.from('same'), { contentType: 'text/plain' });
      const c = await h.store.put(key(), Buffer.from('other'), { contentType: 'text/plain' });
      expect(a.etag).toBe(b.etag);
      expect(c.etag).not.toBe(a.etag);
    });

    it('When an object is deleted, then stat and get find nothing', async () => {
      const k = key();
      await h.store.put(k, Buffer.from('bye'), { contentType: 'text/plain' });
      expect(await h.store.stat(k)).toMatchObject({ size: 3 });
      await h.store.delete(k);
      expect(await h.store.stat(k)).toBeNull();
      expect(await h.store.get(k)).toBeNull();
      await h.store.delete(k);
    });

    it('When a key looks like a path escape, then it is refused', async () => {
      await expect(
        h.store.put('../etc/passwd', Buffer.from('x'), { contentType: 'text/plain' }),
      ).rejects.toThrow(/Invalid object key/);
      await expect(h.store.stat('/abs')).rejects.toThrow(/Invalid object key/);
    });
  });
}
