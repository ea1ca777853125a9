import {
  matches,
  type Collection,
  type CollectionOptions,
  type Document,
  type FindOptions,
  type ReadModels,
  type Where,
} from '../ports';

const copy = <T>(doc: T): T => structuredClone(doc);

const withoutUndefined = (patch: object) =>
  Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && k !== 'id'));

/**
 * One collection as a projector pass sees it: what the pass writes is kept, and sent in one command when the pass
 * ends; what it reads is read once. The pass holds the checkpoint's lock, so no other process projects meanwhile.
 */
class PassCollection<T extends Document> implements Collection<T> {
  /** Written by the pass and not sent yet: the document, or null once deleted. */
  private readonly written = new Map<string, T | null>();
  /**
   * Inserted by the pass without knowing whether the store has the id: sent as inserts that leave a document already
   * there as it is (a new entity's row needs no read first).
   */
  private readonly inserted = new Map<string, T>();
  /** As read from the store, or as sent, during the pass. */
  private readonly known = new Map<string, T | null>();

  constructor(private readonly inner: Collection<T>) {}

  private async current(id: string): Promise<T | null> {
    if (this.written.has(id)) return this.written.get(id)!;
    if (this.known.has(id)) return this.known.get(id)!;
    const doc = await this.inner.get(id);
    this.known.set(id, doc);
    const insert = this.inserted.get(id);
    if (insert) {
      // Known now: the stored document stays (the insert would have left it), or the insert is a plain write.
      this.inserted.delete(id);
      if (!doc) this.written.set(id, insert);
      return doc ?? insert;
    }
    return doc;
  }

  async get(id: string): Promise<T | null> {
    const doc = await this.current(id);
    return doc && copy(doc);
  }

  async put(doc: T): Promise<void> {
    this.inserted.delete(doc.id);
    this.written.set(doc.id, copy(doc));
  }

  async putMany(docs: T[]): Promise<void> {
    for (const doc of docs) await this.put(doc);
  }

  /** Kept for the end of the pass, as each write alone; which inserts met a row is known only then (none said). */
  async writeMany(puts: T[], deletes: string[], inserts: T[] = []): Promise<string[]> {
    await this.putMany(puts);
    for (const id of deletes) {
      this.inserted.delete(id);
      this.written.set(id, null);
    }
    for (const doc of inserts) await this.insert(doc);
    return [];
  }

  async insert(doc: T): Promise<void> {
    if (this.written.has(doc.id) || this.known.has(doc.id)) {
      if (!(await this.current(doc.id))) this.written.set(doc.id, copy(doc));
      return;
    }
    if (!this.inserted.has(doc.id)) this.inserted.set(doc.id, copy(doc));
  }

  async update(id: string, patch: Partial<T>): Promise<T | null> {
    const doc = await this.current(id);
    if (!doc) return null;
    const next = { ...doc, ...withoutUndefined(patch), id } as T;
    this.written.set(id, next);
    return copy(next);
  }

  async delete(id: string): Promise<boolean> {
    const existed = (await this.current(id)) !== null;
    this.inserted.delete(id);
    this.written.set(id, null);
    return existed;
  }

  putIf(doc: T, expected: Where<T> | null): Promise<boolean> {
    return this.inner.putIf(doc, expected);
  }

  /**
   * A filter alone is answered from the store and the pass's own writes together (in id order, as the store
   * orders them); an order, a limit or a search is the store's to answer, once the pass's writes are there.
   */
  async find(options: FindOptions<T> = {}): Promise<T[]> {
    if (this.written.size === 0 && this.inserted.size === 0) return this.inner.find(options);
    if (options.sort || options.limit !== undefined || options.after || options.search) {
      await this.flush();
      return this.inner.find(options);
    }
    const where = options.where ?? {};
    if (this.inserted.size > 0) await this.flush(); // whether they were there decides what the answer holds
    const stored = (await this.inner.find(options)).filter((d) => !this.written.has(d.id));
    const own = [...this.written.values()].filter((d): d is T => d !== null && matches(d, where));
    return [...stored, ...own.map(copy)].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async count(where?: Where<T>): Promise<number> {
    await this.flush();
    return this.inner.count(where);
  }

  async clear(): Promise<void> {
    this.written.clear();
    this.inserted.clear();
    this.known.clear();
    await this.inner.clear();
  }

  /**
   * Sends what the pass wrote; kept until the store took it, so a failed send can be sent again. Returns the rows
   * sent as whole documents (null: deleted); inserts that may have met a row already there are not among them.
   */
  async flush(): Promise<Map<string, T | null>> {
    const sent = new Map<string, T | null>();
    if (this.written.size === 0 && this.inserted.size === 0) return sent;
    const puts: T[] = [];
    const deletes: string[] = [];
    for (const [id, doc] of this.written)
      if (doc) puts.push(doc);
      else deletes.push(id);
    const inserts = [...this.inserted.values()];
    const existing = new Set(await this.inner.writeMany(puts, deletes, inserts));
    for (const [id, doc] of this.written) {
      this.known.set(id, doc);
      sent.set(id, doc);
    }
    // An insert that met a row left it as it was: what the store holds for that id is not known (read it if asked).
    for (const doc of inserts)
      if (!existing.has(doc.id)) {
        this.known.set(doc.id, doc);
        sent.set(doc.id, doc);
      }
    this.written.clear();
    this.inserted.clear();
    return sent;
  }

  get store(): Collection<T> {
    return this.inner;
  }
}

/** The rows one collection of the store was sent by a flush, by id (null: deleted). */
export interface SentRows {
  name: string;
  collection: Collection<Document>;
  rows: Map<string, Document | null>;
}

/**
 * The read models as one projector pass writes them: every collection's writes go in one command at the end of
 * the pass (or before a query that needs them), before the checkpoint moves past its events. A pass of ten events
 * that each write a row and move two counters sends three writes instead of thirty, and reads each counter once.
 */
export class PassWrites implements ReadModels {
  private readonly collections = new Map<string, PassCollection<Document>>();

  constructor(private readonly inner: ReadModels) {}

  collection<T extends Document>(name: string, options?: CollectionOptions<T>): Collection<T> {
    const inner = this.inner.collection(name, options);
    if (options?.compareAndSet) return inner;
    let c = this.collections.get(name);
    if (!c) this.collections.set(name, (c = new PassCollection(inner as Collection<Document>)));
    return c as unknown as Collection<T>; // one untyped collection per name serves every caller
  }

  /** Sends every collection's writes, all at once; returns each collection's rows sent (see PassCollection.flush). */
  async flush(): Promise<SentRows[]> {
    const collections = [...this.collections];
    const sent = await Promise.all(collections.map(([, c]) => c.flush()));
    return collections
      .map(([name, c], i) => ({ name, collection: c.store, rows: sent[i]! }))
      .filter((s) => s.rows.size > 0);
  }

  ready(): Promise<boolean> {
    return this.inner.ready();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
