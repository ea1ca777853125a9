import {
  openSqlite,
  SqliteReadModels,
  type Collection,
  type Document,
  type ReadModels,
} from '@12yards/platform';

/**
 * In-memory read models whose collection `name` answers `get` through `get` (given the real collection): a test
 * counts, holds or fails the lookups by id of that one collection. `base` is the storage itself, unspied.
 */
export function readModelsSpyingGet(
  name: string,
  get: (target: Collection<Document>, id: string) => Promise<Document | null>,
): { models: ReadModels; base: SqliteReadModels } {
  const base = new SqliteReadModels(openSqlite(':memory:'));
  const models: ReadModels = {
    collection: (collectionName, options) => {
      const collection = base.collection(collectionName, options);
      if (collectionName !== name) return collection;
      return new Proxy(collection, {
        get: (target, key) =>
          key === 'get'
            ? (id: string) => get(target as unknown as Collection<Document>, id)
            : Reflect.get(target, key, target),
      });
    },
    ready: () => base.ready(),
    close: () => base.close(),
  };
  return { models, base };
}
