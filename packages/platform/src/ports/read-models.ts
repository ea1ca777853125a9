/** A filter value: equality, or one comparison operator. */
export type FieldFilter<V> = V | { $lt?: V; $lte?: V; $gt?: V; $gte?: V; $ne?: V; $in?: V[] };
export type Where<T> = { [K in keyof T]?: FieldFilter<T[K]> };
export interface SortKey<T> {
  field: keyof T & string;
  dir: 'asc' | 'desc';
}
export interface FindOptions<T> {
  where?: Where<T>;
  sort?: SortKey<T>[];
  limit?: number;
}

export interface Document {
  id: string;
}

/** One read-model collection of JSON documents keyed by id. */
export interface Collection<T extends Document> {
  /** Inserts or replaces the document with that id. */
  put(doc: T): Promise<void>;
  get(id: string): Promise<T | null>;
  find(options?: FindOptions<T>): Promise<T[]>;
  /** Merges the patch into the document; returns the result, or null when there is none. */
  update(id: string, patch: Partial<T>): Promise<T | null>;
  delete(id: string): Promise<boolean>;
  count(where?: Where<T>): Promise<number>;
  clear(): Promise<void>;
}

export interface ReadModels {
  collection<T extends Document>(name: string): Collection<T>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}
