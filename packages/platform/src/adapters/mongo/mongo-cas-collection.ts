import type { Connection, Collection as MongoNativeCollection } from 'mongoose';
import { matches, type Collection, type Document, type Where } from '../../ports';
import { findEach } from './batcher';
import { isDuplicateKey } from './connection';

/** One revision of a document: the newest revision of a key is the document (a null doc: deleted). */
interface Revision {
  _id: string;
  key: string;
  rev: number;
  doc: Record<string, unknown> | null;
  /** When it was written (ms), for the clean-up. */
  at: number;
}

/**
 * Older revisions are deleted once they are this old: a deleted revision's id could be inserted again, so a writer
 * must insert within this long of its read (the seen-cache below is trusted for far less).
 */
const KEEP_MS = 30_000;
/** How long a revision this process read or wrote stands in for a read. */
const SEEN_MS = 5_000;
/**
 * How long the newest revision this process knows is a safe start to look for newer ones by key (revision+1, ...)
 * instead of querying the key's revisions: under KEEP_MS, so none of the newer ones can have been deleted yet.
 */
const PROBE_MS = 10_000;
/** Revisions after the newest known looked for in one lookup. */
const PROBE_AHEAD = 4;
/** Old revisions are deleted in one command at most this often, rather than one command after every write. */
const SWEEP_MS = 2_000;

const revisionId = (key: string, rev: number) => `${key}\u0001${String(rev).padStart(12, '0')}`;

/**
 * A collection written with compare-and-set (leases, checkpoints), kept as an append-only chain of revisions in
 * `rm_<name>_revs`: a write inserts the next revision, whose id is unique, so of two writers from the same revision
 * exactly one succeeds. A conditional replaceOne would not do: some MongoDB-wire servers (FerretDB) read and then
 * write inside an update, so two of them can both "match" (measured: up to 5 winners of 5). Revisions older than
 * the newest are deleted after KEEP_MS. A document written before the collection was revisioned (in `rm_<name>`) is read as
 * revision 0. Only get, put, putIf, delete and clear are offered.
 */
export class MongoCasCollection<T extends Document> implements Collection<T> {
  private readonly revisions: MongoNativeCollection<Revision>;
  private readonly legacy: MongoNativeCollection<{ _id: string }>;
  private indexed?: Promise<unknown>;
  /** The newest revision this process read or wrote of each key (a few: checkpoints, leases). */
  private readonly seen = new Map<string, { rev: number; doc: T | null; at: number }>();
  /**
   * A revision another writer was found to hold (this process's insert of it failed): the next read starts from it
   * by key instead of querying the key's revisions, which on FerretDB scans every revision of every key. Replicas
   * taking turns at a checkpoint lose such races all the time.
   */
  private readonly taken = new Map<string, { rev: number; at: number }>();
  /** Revisions this process wrote, oldest first, to delete once older than KEEP_MS and no longer the newest. */
  private readonly written: { id: string; key: string; rev: number; at: number }[] = [];
  private deleting = false;
  private sweptAt = 0;

  constructor(conn: Connection, name: string) {
    this.revisions = conn.collection<Revision>(`rm_${name}_revs`);
    this.legacy = conn.collection<{ _id: string }>(`rm_${name}`);
  }

  private async latest(key: string): Promise<{ rev: number; doc: T | null }> {
    const known = this.seen.get(key);
    const taken = this.taken.get(key);
    this.taken.delete(key);
    let found =
      known && Date.now() - known.at < PROBE_MS
        ? { rev: known.rev, doc: known.doc }
        : taken && Date.now() - taken.at < PROBE_MS
          ? ((await this.revision(key, taken.rev)) ?? (await this.query(key)))
          : await this.query(key);
    // Newer revisions written since, found by key (every server answers that from its primary key), the next
    // PROBE_AHEAD in one lookup: a replica finds the revisions another wrote since in one command, not one a revision
    // and one more to find none.
    for (;;) {
      const from = found.rev;
      const ahead = Array.from({ length: PROBE_AHEAD }, (_, i) => revisionId(key, from + 1 + i));
      let newest: Revision | null = null;
      for (const outcome of await findEach(this.revisions, ahead))
        if ('value' in outcome && outcome.value && outcome.value.rev > (newest?.rev ?? from))
          newest = outcome.value;
      if (!newest) break;
      found = this.asRead(key, newest);
      if (newest.rev < from + PROBE_AHEAD) break; // the revisions written since end within this lookup
    }
    this.seen.set(key, { ...found, at: Date.now() });
    return found;
  }

  /** One revision of the key, by its id; null when it is not there (deleted as old, or never written). */
  private async revision(key: string, rev: number): Promise<{ rev: number; doc: T | null } | null> {
    const found = await this.revisions.findOne({ _id: revisionId(key, rev) });
    return found ? this.asRead(key, found) : null;
  }

  /** A stored revision as the key's document (null: deleted). */
  private asRead(key: string, revision: Revision): { rev: number; doc: T | null } {
    return { rev: revision.rev, doc: revision.doc ? ({ ...revision.doc, id: key } as T) : null };
  }

  /** The key's newest revision by query (indexed on MongoDB; a scan of the revisions on FerretDB). */
  private async query(key: string): Promise<{ rev: number; doc: T | null }> {
    this.indexed ??= this.revisions.createIndex({ key: 1, rev: -1 }).catch(() => undefined);
    await this.indexed;
    const [newest] = await this.revisions.find({ key }).sort({ rev: -1 }).limit(1).toArray();
    if (newest) return this.asRead(key, newest);
    const old = await this.legacy.findOne({ _id: key });
    if (!old) return { rev: 0, doc: null };
    const { _id, ...rest } = old;
    return { rev: 0, doc: { ...rest, id: _id } as unknown as T }; // a T put before revisions
  }

  /** Writes revision rev (false when another writer wrote it first). */
  private async write(key: string, rev: number, doc: T | null): Promise<boolean> {
    let stored: Record<string, unknown> | null = null;
    if (doc) {
      const { id: _id, ...rest } = doc;
      stored = rest;
    }
    try {
      const at = Date.now();
      await this.revisions.insertOne({ _id: revisionId(key, rev), key, rev, doc: stored, at });
      this.seen.set(key, { rev, doc, at });
    } catch (err) {
      this.seen.delete(key);
      if (isDuplicateKey(err)) {
        this.taken.set(key, { rev, at: Date.now() });
        return false;
      }
      throw err;
    }
    // Readers only ever want the newest revision; the older ones this process wrote are kept a while only so that
    // their ids stay taken (see KEEP_MS), then deleted by key. Not awaited: the writer's caller need not wait.
    this.written.push({ id: revisionId(key, rev), key, rev, at: Date.now() });
    void this.deleteOld();
    return true;
  }

  private async deleteOld() {
    if (this.deleting || Date.now() - this.sweptAt < SWEEP_MS) return;
    this.deleting = true;
    this.sweptAt = Date.now();
    try {
      const cutoff = Date.now() - KEEP_MS;
      if (this.written.length === 0 || this.written[0]!.at >= cutoff) return;
      const keep: typeof this.written = [];
      const due: string[] = [];
      for (const w of this.written) {
        const newest = this.seen.get(w.key)?.rev ?? w.rev;
        if (w.at < cutoff && w.rev < newest) due.push(w.id);
        else keep.push(w);
      }
      this.written.splice(0, this.written.length, ...keep);
      // One command for them all, each statement by key (FerretDB answers an `$in` on _id by reading the whole
      // collection; 50 statements in one command cost it a third of 50 commands).
      if (due.length > 0)
        await this.revisions
          .bulkWrite(
            due.map((id) => ({ deleteOne: { filter: { _id: id } } })),
            { ordered: false },
          )
          .catch(() => undefined);
    } finally {
      this.deleting = false;
    }
  }

  async insert(doc: T): Promise<void> {
    await this.putIf(doc, null);
  }

  async get(id: string): Promise<T | null> {
    return (await this.latest(id)).doc;
  }

  async putIf(doc: T, expected: Where<T> | null): Promise<boolean> {
    // The newest revision this process saw, when it matches, saves a read: were it stale, another writer has
    // written the next revision and the insert fails, which is the answer (changed since it was read) anyway.
    const seen = this.seen.get(doc.id);
    const fits = (c: { doc: T | null }) =>
      expected === null ? c.doc === null : c.doc !== null && matches(c.doc, expected);
    if (seen && Date.now() - seen.at < SEEN_MS && fits(seen)) return this.write(doc.id, seen.rev + 1, doc);
    const current = await this.latest(doc.id);
    if (expected === null ? current.doc !== null : !current.doc || !matches(current.doc, expected))
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

  putMany(): Promise<void> {
    throw new Error('putMany is not offered on a compare-and-set collection (use putIf)');
  }

  writeMany(): Promise<string[]> {
    throw new Error('writeMany is not offered on a compare-and-set collection (use putIf)');
  }

  update(): Promise<T | null> {
    throw new Error('update is not offered on a compare-and-set collection (use putIf)');
  }

  count(): Promise<number> {
    throw new Error('count is not offered on a compare-and-set collection');
  }
}
