import { Schema, type Connection, type Model } from 'mongoose';
import type { Collection, Document, FindOptions, ReadModels, Where } from '../../ports';
import { isReplicaSet, pingMongo } from './connection';

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

function toDoc<T extends Document>(doc: T): Stored {
  const { id, ...rest } = doc;
  return { _id: id, ...rest };
}

function fromDoc<T extends Document>(doc: Stored | null): T | null {
  if (!doc) return null;
  const { _id, ...rest } = doc;
  return { id: _id, ...rest } as unknown as T;
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
  constructor(
    private readonly model: Model<Stored>,
    private readonly writeConcern: () => Promise<{ w: 'majority' | 1 }>,
  ) {}

  async put(doc: T): Promise<void> {
    const wc = await this.writeConcern();
    const { _id, ...rest } = toDoc(doc);
    await this.model.collection.replaceOne({ _id } as never, rest, { upsert: true, writeConcern: wc });
  }

  async get(id: string): Promise<T | null> {
    return fromDoc<T>(await this.model.findById(id).lean<Stored>());
  }

  async find(options: FindOptions<T> = {}): Promise<T[]> {
    if (
      options.where &&
      Object.values(options.where).some((v) => isOperator(v) && Array.isArray(v.$in) && v.$in.length === 0)
    ) {
      return [];
    }
    let query = this.model.find(toFilter(options.where));
    if (options.sort?.length) {
      query = query.sort(
        Object.fromEntries(options.sort.map((s) => [field(s.field), s.dir === 'desc' ? -1 : 1])),
      );
    }
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
  private wc?: Promise<{ w: 'majority' | 1 }>;

  constructor(private readonly conn: Connection) {}

  private writeConcern = () => {
    this.wc ??= isReplicaSet(this.conn).then((rs) => ({ w: rs ? ('majority' as const) : (1 as const) }));
    this.wc.catch(() => (this.wc = undefined));
    return this.wc;
  };

  collection<T extends Document>(name: string): Collection<T> {
    if (!NAME.test(name)) throw new Error(`Invalid collection name ${name}`);
    let c = this.collections.get(name);
    if (!c) {
      const modelName = `ReadModel_${name}`;
      const model =
        (this.conn.models[modelName] as Model<Stored>) ??
        this.conn.model<Stored>(modelName, looseSchema(), `rm_${name}`);
      c = new MongoCollection(model, this.writeConcern);
      this.collections.set(name, c);
    }
    return c as unknown as Collection<T>;
  }

  async ready(): Promise<boolean> {
    return pingMongo(this.conn);
  }

  async close(): Promise<void> {
    // The connection is shared by the service's Mongo adapters and closed by its owner.
  }
}
