import type { FieldFilter, Where } from './read-models';

/** The port's filter evaluated on a document read (equality, with null matching an absent field, or operators). */
export function matches<D extends object>(doc: D, where: Where<D>): boolean {
  const fields = new Map<string, unknown>(Object.entries(doc));
  return Object.entries(where).every(([field, filter]) => {
    const value = fields.get(field) ?? null;
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
