import type { Connection, Collection as MongoNativeCollection } from 'mongoose';
import type { Collection, Document, FieldFilter, Where } from '../../ports';
import { isDuplicateKey } from './connection';

/** One revision of a document: the newest revision of a key is the document (a null doc: deleted). */
interface Revision {
  _id: string;
  key: string;
  rev: number;
  doc: Record<string, unknown> | null;
}

const revisionId = (key: string, rev: number) => `${key}\u0001${String(rev).padStart(12, '0')}`;

/** The port's filter evaluated on a document read (equality, with null matching an absent field, or operators). */
export function matches(doc: Record<string, unknown>, where: Where<Record<string, unknown>>): boolean {
  return Object.entries(where).every(([field, filter]) => {
    const value = doc[field] ?? null;
    if (filter === null || typeof filter !== 'object' || Array.isArray(filter))
      return value === (filter ?? null);
    const ops = filter as Exclude<FieldFilter<unknown>, unknown[]> & Record<string, unknown>;
    const cmp = value as number | string;
    return Object.entries(ops).every(([op, v]) => {
      const bound = v as number | string;
      if (op === '$lt') return value !== null && cmp < bound;
      if (op === '$lte') return value !== null && cmp <= bound;
      if (op === '$gt') return value !== null && cmp > bound;
      if (op === '$gte') return value !== null && cmp >= bound;
      if (op === '$ne') return value !== (v ?? null);
      if (op === '$in') return (v as unknown[]).includes(value);
      throw new Error(`Unknown operator ${op}`);
    });
  });
}

/**
 * A collection written with compare-and-set (leases, checkpoints), kept as an append-only chain of revisions in
 * `rm_<name>_revs`: a write inserts the next revision, whose id is unique, so of two writers from the same revision
 * exactly one succeeds. A conditional replaceOne would not do: some MongoDB-wire servers (FerretDB) read and then
 * write inside an update, so two of them can both "match" (measured: up to 5 winners of 5). Older revisions are
 * pruned after each write. A document written before the collection was revisioned (in `rm_<name>`) is read as
 * revision 0. Only get, put, putIf, delete and clear are offered.
 */
export class MongoCasCollection<T extends Document> implements Collection<T> {
  private readonly revisions: MongoNativeCollection<Revision>;
  private readonly legacy: MongoNativeCollection<{ _id: string }>;
  private indexed?: Promise<unknown>;

  constructor(conn: Connection, name: string) {
    this.revisions = conn.collection<Revision>(`rm_${name}_revs`);
    this.legacy = conn.collection<{ _id: string }>(`rm_${name}`);
  }

  private async latest(key: string): Promise<{ rev: number; doc: T | null }> {
    this.indexed ??= this.revisions.createIndex({ key: 1, rev: -1 }).catch(() => undefined);
    await this.indexed;
    const [newest] = await this.revisions.find({ key }).sort({ rev: -1 }).limit(1).toArray();
    if (newest) return { rev: newest.rev, doc: newest.doc ? ({ ...newest.doc, id: key } as T) : null };
    const old = await this.legacy.findOne({ _id: key });
    if (!old) return { rev: 0, doc: null };
    const { _id, ...rest } = old;
    return { rev: 0, doc: { ...rest, id: _id } as unknown as T };
  }

  /** Writes revision rev (false when another writer wrote it first). */
  private async write(key: string, rev: number, doc: T | null): Promise<boolean> {
    let stored: Record<string, unknown> | null = null;
    if (doc) {
      const { id: _id, ...rest } = doc;
      stored = rest;
    }
    try {
      await this.revisions.insertOne({ _id: revisionId(key, rev), key, rev, doc: stored });
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
    // Readers only ever want the newest revision; the older ones are history nobody reads. Not awaited: the
    // writer's caller need not wait for the clean-up (a failed one is done by the next write).
    void this.revisions.deleteMany({ key, rev: { $lt: rev } }).catch(() => undefined);
    return true;
  }

  async get(id: string): Promise<T | null> {
    return (await this.latest(id)).doc;
  }

  async putIf(doc: T, expected: Where<T> | null): Promise<boolean> {
    const current = await this.latest(doc.id);
    if (
      expected === null
        ? current.doc !== null
        : !current.doc || !matches(current.doc as unknown as Record<string, unknown>, expected as never)
    )
      return false;
    return this.write(doc.id, current.rev + 1, doc);
  }

  /** Unconditional: the next revision, retried while other writers are ahead. */
  private async force(id: string, doc: T | null): Promise<T | null> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const current = await this.latest(id);
      if (await this.write(id, current.rev + 1, doc)) return current.doc;
    }
    throw new Error(`rm ${id}: too many concurrent writers`);
  }

  async put(doc: T): Promise<void> {
    await this.force(doc.id, doc);
  }

  async delete(id: string): Promise<boolean> {
    return (await this.force(id, null)) !== null;
  }

  async clear(): Promise<void> {
    await this.revisions.deleteMany({});
    await this.legacy.deleteMany({});
  }

  find(): Promise<T[]> {
    throw new Error('find is not offered on a compare-and-set collection');
  }

  update(): Promise<T | null> {
    throw new Error('update is not offered on a compare-and-set collection (use putIf)');
  }

  count(): Promise<number> {
    throw new Error('count is not offered on a compare-and-set collection');
  }
}
