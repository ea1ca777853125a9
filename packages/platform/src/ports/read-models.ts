/** A filter value: equality, or one comparison operator. */
export type FieldFilter<V> = V | { $lt?: V; $lte?: V; $gt?: V; $gte?: V; $ne?: V; $in?: V[] };
export type Where<T> = { [K in keyof T]?: FieldFilter<T[K]> };
export interface SortKey<T> {
  field: keyof T & string;
  dir: 'asc' | 'desc';
}
export interface FindOptions<T> {
  where?: Where<T>;
  /**
   * The order. The document id always ends it as a tie-break, in the direction of the last key (ascending when
   * there is none), so the order is total and a page boundary is stable.
   */
  sort?: SortKey<T>[];
  limit?: number;
  /**
   * Keyset pagination: only the documents that come after this position in the order above: the values of the sort
   * fields, in the sort's order, then the id of the last document seen. Sort fields should never be null.
   */
  after?: { values: unknown[]; id: string };
  /** Documents where at least one of the fields (strings) contains the text, case-insensitively (ASCII). */
  search?: { fields: (keyof T & string)[]; text: string };
}

/** What a collection declares about itself; `indexes` are the field lists its finds filter and sort on. */
export interface CollectionOptions<T> {
  /** Each a list of fields; the document id is added at the end of each index. */
  indexes?: (keyof T & string)[][];
  /**
   * Its documents are written with putIf (leases, checkpoints) and read with get: only get, put, putIf, delete and
   * clear are offered. Pass it wherever the collection is asked for. (MongoDB keeps such a collection as revisions,
   * so its compare-and-set holds on servers that update in two steps.)
   */
  compareAndSet?: boolean;
}

export interface Document {
  id: string;
}

/** One read-model collection of JSON documents keyed by id. */
export interface Collection<T extends Document> {
  /** Inserts or replaces the document with that id. */
  put(doc: T): Promise<void>;
  /** Inserts or replaces many documents in a few round trips (a rebuild's copy). Not on compare-and-set ones. */
  putMany(docs: T[]): Promise<void>;
  /**
   * Puts each document (inserting or replacing the one with its id), deletes each id, and inserts each of `inserts`
   * unless its id is there (left as it is), in one round trip where the server allows (a projector pass's writes,
   * sent together before its checkpoint moves). Ids are distinct. Not on compare-and-set ones. Returns the ids of
   * `inserts` that were there already (left as they were).
   */
  writeMany(puts: T[], deletes: string[], inserts?: T[]): Promise<string[]>;
  /**
   * Compare-and-set: replaces the document with that id only while the stored one matches `expected`, or, with
   * `expected` null, inserts it only while there is none. True when written; false when another writer got there
   * first (read again and decide again). Atomic across processes sharing the store. Only on collections declared
   * with `compareAndSet`.
   */
  putIf(doc: T, expected: Where<T> | null): Promise<boolean>;
  /** Inserts the document unless one with that id is there (left as it is): one round trip, without a read. */
  insert(doc: T): Promise<void>;
  get(id: string): Promise<T | null>;
  find(options?: FindOptions<T>): Promise<T[]>;
  /** Merges the patch into the document; returns the result, or null when there is none. */
  update(id: string, patch: Partial<T>): Promise<T | null>;
  delete(id: string): Promise<boolean>;
  count(where?: Where<T>): Promise<number>;
  clear(): Promise<void>;
}

export interface ReadModels {
  /** The collection of that name; declared indexes are created once (idempotent), whenever they are passed. */
  collection<T extends Document>(name: string, options?: CollectionOptions<T>): Collection<T>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}
