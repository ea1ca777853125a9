import type { Connection } from 'mongoose';
import { Batcher, findEach, insertEach, writeLaneOf } from '../adapters/mongo/batcher';
import type { SubjectKeyStore } from './subject-keys';

interface KeyDoc {
  _id: string;
  wrapped: Buffer | { buffer: Uint8Array };
  createdAt: Date;
}

const DUPLICATE_KEY = 11000;

/** The bytes of a stored BSON binary (the driver answers a Binary, whose `buffer` holds them). */
const bytesOf = (wrapped: KeyDoc['wrapped']): Buffer =>
  Buffer.isBuffer(wrapped) ? wrapped : Buffer.from(wrapped.buffer);

/** The subject keys in their own collection (`subject_keys`) of the service's MongoDB database. */
export class MongoSubjectKeyStore implements SubjectKeyStore {
  /**
   * New keys made by concurrent writes go in one insert (see Batcher); a key already there fails only its own. The
   * inserts take turns with the event store's appends, which these writes go on to.
   */
  private readonly inserts: Batcher<KeyDoc, true>;

  constructor(private readonly conn: Connection) {
    this.inserts = new Batcher((docs) => insertEach(this.keys, docs), { lane: writeLaneOf(conn) });
  }

  private get keys() {
    return this.conn.db!.collection<KeyDoc>('subject_keys');
  }

  /** Keys read at once (the consumers of a fetched batch open its events side by side) go in one lookup. */
  private readonly lookups = new Batcher<string, KeyDoc | null>((ids) => findEach(this.keys, ids), {
    concurrency: 2,
  });

  async get(subjectId: string): Promise<Buffer | null> {
    const doc = await this.lookups.call(subjectId);
    return doc ? bytesOf(doc.wrapped) : null;
  }

  async putIfAbsent(subjectId: string, wrapped: Buffer): Promise<Buffer> {
    try {
      await this.inserts.call({ _id: subjectId, wrapped, createdAt: new Date() });
      return wrapped;
    } catch (err) {
      if ((err as { code?: number }).code !== DUPLICATE_KEY) throw err;
      const stored = await this.get(subjectId);
      if (!stored)
        throw new Error(`the key of subject ${subjectId} was erased while it was being made`, { cause: err });
      return stored;
    }
  }

  async *all(): AsyncIterable<[string, Buffer]> {
    for await (const doc of this.keys.find({}, { batchSize: 5000 })) yield [doc._id, bytesOf(doc.wrapped)];
  }

  async delete(subjectId: string): Promise<boolean> {
    return (await this.keys.deleteOne({ _id: subjectId })).deletedCount > 0;
  }

  async ready(): Promise<boolean> {
    await this.conn.db!.command({ ping: 1 });
    return true;
  }
}
