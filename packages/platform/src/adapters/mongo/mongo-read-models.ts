import { Schema, type Connection, type Model, type mongo } from 'mongoose';
import type { Collection, CollectionOptions, Document, FindOptions, ReadModels, Where } from '../../ports';
import { isDuplicateKey, isReplicaSet, pingMongo } from './connection';
import { MongoCasCollection } from './mongo-cas-collection';
import { Batcher, findEach, insertEach, type Outcome } from './batcher';

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
const OPERATORS = new Set(['$lt', '$lte', '$gt', '$gte', '$ne', '$in']);

type Stored = { _id: string } & Record<string, unknown>;

/** The document's `id` is MongoDB's `_id`. */
const field = (name: string) => {
  if (!NAME.test(name)) throw new Error(`Invalid field name ${name}`);
  return name === 'id' ? '_id' : name;
};

function isOperator(v: unknown): v is Record<string, unknown> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    !(v instanceof Date) &&
    Object.keys(v).length > 0 &&
    Object.keys(v).every((k) => k.startsWith('$'))
  );
}

/** Translates the port's filter into a MongoDB filter, allowing only the port's operators. */
function toFilter<T>(where: Where<T> | undefined): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(where ?? {})) {
    if (isOperator(value)) {
      for (const op of Object.keys(value)) if (!OPERATORS.has(op)) throw new Error(`Unknown operator ${op}`);
      if (Array.isArray(value.$in) === false && '$in' in value) throw new Error('$in needs an array');
      filter[field(name)] = value;
    } else if (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      !(value instanceof Date)
    ) {
      throw new Error(`Filter on ${name} must be a value or an operator object`);
    } else {
      filter[field(name)] = value === undefined ? null : value;
    }
  }
  return filter;
}

/** Documents a putMany sends in one command. */
const PUT_MANY_BATCH = 1000;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The sort keys with the `_id` tie-break, which follows the last key's direction (as in the SQLite adapter). */
function orderKeys<T>(options: FindOptions<T>): [string, 1 | -1][] {
  const sort = (options.sort ?? []).filter((s) => s.field !== 'id');
  const last = options.sort?.at(-1)?.dir === 'desc' ? -1 : 1;
  return [...sort.map((s): [string, 1 | -1] => [field(s.field), s.dir === 'desc' ? -1 : 1]), ['_id', last]];
}

/** "Comes after this position" in that order, with a leading bound on the first key for the index. */
function afterFilter(keys: [string, 1 | -1][], after: { values: unknown[]; id: string }) {
  const values = [...after.values, after.id];
  if (values.length !== keys.length) throw new Error('The position does not match the sort keys');
  const or = keys.map(([name, dir], i) => ({
    ...Object.fromEntries(keys.slice(0, i).map(([k], j) => [k, values[j]])),
    [name]: { [dir === -1 ? '$lt' : '$gt']: values[i] },
  }));
  const [lead, leadDir] = keys[0]!;
  return { $and: [{ [lead]: { [leadDir === -1 ? '$lte' : '$gte']: values[0] } }, { $or: or }] };
}

function toDoc<T extends Document>(doc: T): Stored {
  const { id, ...rest } = doc;
  return { _id: id, ...rest };
}

function fromDoc<T extends Document>(doc: Stored | null): T | null {
  if (!doc) return null;
  const { _id, ...rest } = doc;
  return { id: _id, ...rest } as unknown as T; // the document that was put as a T, its id renamed back
}

function stripUndefined(patch: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && k !== 'id'));
}

const looseSchema = () =>
  new Schema<Stored>(
    { _id: String },
    { strict: false, versionKey: false, minimize: false, strictQuery: false },
  );

class MongoCollection<T extends Document> implements Collection<T> {
  private readonly indexes = new Set<string>();
  /** Index creation in progress; finds wait for it, and a failure (e.g. a server without the feature) is ignored. */
  private indexing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly model: Model<Stored>,
    private readonly writeConcern: () => Promise<{ w: 'majority' | 1 }>,
  ) {}

  /**
   * Puts made while an earlier one of this collection is on its way go together, in one command (group commit: an
   * idle caller's put goes at once, alone). Each caller still learns of its own put once it is written.
   */
  private readonly puts = new Batcher<T, void>((docs) => this.putEach(docs));

  put(doc: T): Promise<void> {
    return this.puts.call(doc);
  }

  /** The puts of a batch as one writeMany; of two with the same id, the later one. */
  private putEach(docs: T[]): Promise<Outcome<void>[]> {
    const latest = [...new Map(docs.map((d) => [d.id, d])).values()];
    return this.writeMany(latest, []).then(
      () => docs.map(() => ({ value: undefined })),
      (error: unknown) => docs.map(() => ({ error })),
    );
  }

  async putMany(docs: T[]): Promise<void> {
    const wc = await this.writeConcern();
    for (let i = 0; i < docs.length; i += PUT_MANY_BATCH) {
      const batch = docs.slice(i, i + PUT_MANY_BATCH).map((d) => toDoc(d));
      // An insert of the batch (one command); the ids already there are replaced one by one.
      const taken = await this.model.collection
        .insertMany(batch as never[], { ordered: false, writeConcern: wc })
        .then(
          () => [] as number[],
          (err: { writeErrors?: { index: number; code: number }[] | { index: number; code: number } }) => {
            const errors = [err.writeErrors ?? []].flat();
            if (errors.length === 0 || errors.some((e) => e.code !== 11000)) throw err;
            return errors.map((e) => e.index);
          },
        );
      for (const index of taken) {
        const { _id, ...rest } = batch[index]!;
        await this.model.collection.replaceOne({ _id } as never, rest, { upsert: true, writeConcern: wc });
      }
    }
  }

  async writeMany(puts: T[], deletes: string[], inserts: T[] = []): Promise<string[]> {
    if (puts.length + deletes.length + inserts.length === 0) return [];
    const wc = await this.writeConcern();
    const replaces = puts.map((d) => {
      const { _id, ...rest } = toDoc(d);
      return { replaceOne: { filter: { _id }, replacement: rest, upsert: true } };
    });
    const removals = deletes.map((id) => ({ deleteOne: { filter: { _id: id } } }));
    const insertions = inserts.map((d) => ({ insertOne: { document: toDoc(d) } }));
    const firstInsert = replaces.length + removals.length;
    const existing: string[] = [];
    type WriteErrors = { writeErrors?: { index: number; code: number }[] | { index: number; code: number } };
    // One command, each statement by key. An insert of an id already there leaves it (a duplicate key). An upsert
    // that lost a race to insert the same new id (replicas projecting the same event) fails on its _id alone; the
    // document exists then, so that statement is sent again.
    await this.model.collection
      .bulkWrite([...replaces, ...removals, ...insertions] as never[], { ordered: false, writeConcern: wc })
      .catch(async (err: WriteErrors) => {
        const errors = [err.writeErrors ?? []].flat();
        if (errors.length === 0 || errors.some((e) => e.code !== 11000)) throw err;
        for (const { index } of errors) {
          if (index >= firstInsert) {
            existing.push(inserts[index - firstInsert]!.id);
            continue;
          }
          const { filter, replacement } = replaces[index]!.replaceOne;
          await this.model.collection.replaceOne(filter as never, replacement, {
            upsert: true,
            writeConcern: wc,
          });
        }
      });
    return existing;
  }

  /** Inserts made while an earlier one of this collection is on its way go together, in one command (as puts do). */
  private readonly inserts = new Batcher<T, void>(async (docs) => {
    const wc = await this.writeConcern();
    const outcomes = await insertEach(
      this.model.collection as unknown as mongo.Collection<Stored>,
      docs.map(toDoc),
      {
        writeConcern: wc,
      },
    );
    // An id already there is left as it is: that insert is done too.
    return outcomes.map((o) => ('error' in o && !isDuplicateKey(o.error) ? o : { value: undefined }));
  });

  insert(doc: T): Promise<void> {
    return this.inserts.call(doc);
  }

  putIf(): Promise<boolean> {
    throw new Error('putIf needs a collection declared with compareAndSet');
  }

  declare(options: CollectionOptions<T>): void {
    for (const fields of options.indexes ?? []) {
      const key = fields.join(',');
      if (this.indexes.has(key)) continue;
      this.indexes.add(key);
      const spec = Object.fromEntries([
        ...fields.filter((f) => f !== 'id').map((f) => [field(f), 1]),
        ['_id', 1],
      ]);
      const created = this.model.collection.createIndex(spec).catch(() => undefined);
      this.indexing = Promise.all([this.indexing, created]);
    }
  }

  /**
   * Lookups by key made while earlier ones are on their way go together, in one command (the driver's own, with
   * none of a mongoose query's casting): the hot read of every request (sessions, read-backs, rows a projection
   * reads), which concurrent requests make at once.
   */
  private readonly gets = new Batcher<string, Stored | null>(
    (ids) => findEach(this.model.collection as unknown as mongo.Collection<Stored>, ids),
    { concurrency: 2 },
  );

  async get(id: string): Promise<T | null> {
    return fromDoc<T>(await this.gets.call(id));
  }

  async find(options: FindOptions<T> = {}): Promise<T[]> {
    if (
      options.where &&
      Object.values(options.where).some((v) => isOperator(v) && Array.isArray(v.$in) && v.$in.length === 0)
    ) {
      return [];
    }
    await this.indexing;
    const keys = orderKeys(options);
    const and: Record<string, unknown>[] = [toFilter(options.where)];
    if (options.after) and.push(afterFilter(keys, options.after));
    if (options.search && options.search.fields.length > 0) {
      const regex = { $regex: escapeRegex(options.search.text), $options: 'i' };
      and.push({ $or: options.search.fields.map((f) => ({ [field(f)]: regex })) });
    }
    let query = this.model.find(and.length === 1 ? and[0]! : { $and: and });
    // Field names start with a letter, so the object keeps the keys' order.
    query = query.sort(Object.fromEntries(keys));
    if (options.limit !== undefined) query = query.limit(options.limit);
    const docs = await query.lean<Stored[]>();
    return docs.map((d) => fromDoc<T>(d)!);
  }

  async update(id: string, patch: Partial<T>): Promise<T | null> {
    const wc = await this.writeConcern();
    const set = stripUndefined(patch as Record<string, unknown>);
    for (const k of Object.keys(set)) field(k);
    if (Object.keys(set).length === 0) return this.get(id);
    const doc = await this.model.collection.findOneAndUpdate(
      { _id: id } as never,
      { $set: set },
      {
        returnDocument: 'after',
        writeConcern: wc,
      },
    );
    return fromDoc<T>(doc as Stored | null);
  }

  async delete(id: string): Promise<boolean> {
    const wc = await this.writeConcern();
    const res = await this.model.collection.deleteOne({ _id: id } as never, { writeConcern: wc });
    return res.deletedCount === 1;
  }

  async count(where?: Where<T>): Promise<number> {
    return this.model.countDocuments(toFilter(where));
  }

  async clear(): Promise<void> {
    const wc = await this.writeConcern();
    await this.model.collection.deleteMany({}, { writeConcern: wc });
  }
}

/** Read models as MongoDB collections named `rm_<name>`, one mongoose model each, documents keyed by id. */
export class MongoReadModels implements ReadModels {
  private readonly collections = new Map<string, MongoCollection<Document>>();
  private readonly casCollections = new Map<string, MongoCasCollection<Document>>();
  private wc?: Promise<{ w: 'majority' | 1 }>;

  constructor(private readonly conn: Connection) {}

  private writeConcern = () => {
    this.wc ??= isReplicaSet(this.conn).then((rs) => ({ w: rs ? ('majority' as const) : (1 as const) }));
    this.wc.catch(() => (this.wc = undefined));
    return this.wc;
  };

  collection<T extends Document>(name: string, options?: CollectionOptions<T>): Collection<T> {
    if (!NAME.test(name)) throw new Error(`Invalid collection name ${name}`);
    if (options?.compareAndSet) {
      let cas = this.casCollections.get(name);
      if (!cas) this.casCollections.set(name, (cas = new MongoCasCollection(this.conn, name)));
      return cas as unknown as Collection<T>; // one untyped collection per name serves every caller
    }
    let c = this.collections.get(name);
    if (!c) {
      const modelName = `ReadModel_${name}`;
      const model =
        (this.conn.models[modelName] as Model<Stored>) ??
        this.conn.model<Stored>(modelName, looseSchema(), `rm_${name}`);
      c = new MongoCollection(model, this.writeConcern);
      this.collections.set(name, c);
    }
    if (options) c.declare(options as CollectionOptions<Document>);
    return c as unknown as Collection<T>; // one untyped collection per name serves every caller
  }

  async ready(): Promise<boolean> {
    return pingMongo(this.conn);
  }

  async close(): Promise<void> {
    // The connection is shared by the service's Mongo adapters and closed by its owner.
  }
}
