import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './data-dir';
import { assertValidKey, type ByteRange, type ObjectInfo, type ObjectStore } from '../ports';

interface Meta {
  contentType: string;
  etag: string;
  metadata: Record<string, string>;
}

/** Objects as files under a directory; content type and etag in a JSON file beside each one. */
export class LocalObjectStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private paths(key: string) {
    assertValidKey(key);
    return { data: join(this.root, 'objects', key), meta: join(this.root, 'meta', `${key}.json`) };
  }

  async put(key: string, body: Buffer, options: { contentType: string; metadata?: Record<string, string> }) {
    const { data, meta } = this.paths(key);
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    const m: Meta = { contentType: options.contentType, etag, metadata: options.metadata ?? {} };
    await mkdir(dirname(data), { recursive: true, mode: PRIVATE_DIR_MODE });
    await mkdir(dirname(meta), { recursive: true, mode: PRIVATE_DIR_MODE });
    // Write then rename, so a reader never sees half a file.
    const suffix = `.tmp-${process.pid}-${Date.now()}`;
    await writeFile(data + suffix, body, { mode: PRIVATE_FILE_MODE });
    await writeFile(meta + suffix, JSON.stringify(m), { mode: PRIVATE_FILE_MODE });
    await rename(meta + suffix, meta);
    await rename(data + suffix, data);
    return (await this.stat(key)) as ObjectInfo;
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const { data, meta } = this.paths(key);
    try {
      const [s, raw] = await Promise.all([stat(data), readFile(meta, 'utf8')]);
      const m = JSON.parse(raw) as Meta;
      return {
        key,
        size: s.size,
        contentType: m.contentType,
        etag: m.etag,
        lastModified: s.mtime,
        metadata: m.metadata,
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange) {
    const info = await this.stat(key);
    if (!info) return null;
    const body = createReadStream(this.paths(key).data, range ? { start: range.start, end: range.end } : {});
    return { info, body };
  }

  async delete(key: string): Promise<void> {
    const { data, meta } = this.paths(key);
    await rm(data, { force: true });
    await rm(meta, { force: true });
  }

  async ready(): Promise<boolean> {
    await mkdir(this.root, { recursive: true, mode: PRIVATE_DIR_MODE });
    return true;
  }

  async close(): Promise<void> {}
}
