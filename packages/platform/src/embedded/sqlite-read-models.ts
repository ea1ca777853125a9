import type { Collection, Document, FieldFilter, FindOptions, ReadModels, Where } from '../ports';
import type { SqliteDb } from './sqlite';

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

function sqlValue(v: unknown): unknown {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === undefined) return null;
  return v;
}

function isOperator(v: unknown): v is Exclude<FieldFilter<unknown>, unknown[]> & object {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.keys(v).length > 0 &&
    Object.keys(v).every((k) => k.startsWith('$'))
  );
}

const OPS: Record<string, string> = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

function whereClause<T>(where: Where<T> | undefined): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [field, filter] of Object.entries(where ?? {})) {
    if (!NAME.test(field)) throw new Error(`Invalid field name ${field}`);
    const col = `json_extract(doc, '$.${field}')`;
    if (isOperator(filter)) {
      for (const [op, value] of Object.entries(filter as Record<string, unknown>)) {
        if (op === '$in') {
          const list = value as unknown[];
          if (list.length === 0) parts.push('0');
          else {
            parts.push(`${col} IN (${list.map(() => '?').join(', ')})`);
            params.push(...list.map(sqlValue));
          }
        } else if (op === '$ne') {
          parts.push(`${col} IS NOT ?`);
          params.push(sqlValue(value));
        } else if (OPS[op]) {
          parts.push(`${col} ${OPS[op]} ?`);
          params.push(sqlValue(value));
        } else throw new Error(`Unknown operator ${op}`);
      }
    } else {
      parts.push(`${col} IS ?`);
      params.push(sqlValue(filter));
    }
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

class SqliteCollection<T extends Document> implements Collection<T> {
  private readonly table: string;

  constructor(
    private readonly db: SqliteDb,
    name: string,
  ) {
    if (!NAME.test(name)) throw new Error(`Invalid collection name ${name}`);
    this.table = `rm_${name}`;
    db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
  }

  async put(doc: T): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO ${this.table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`,
      )
      .run(doc.id, JSON.stringify(doc));
  }

  async get(id: string): Promise<T | null> {
    const row = this.db
      .prepare<[string], { doc: string }>(`SELECT doc FROM ${this.table} WHERE id = ?`)
      .get(id);
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  async find(options: FindOptions<T> = {}): Promise<T[]> {
    const { sql, params } = whereClause(options.where);
    const order = (options.sort ?? [])
      .map(({ field, dir }) => {
        if (!NAME.test(field)) throw new Error(`Invalid field name ${field}`);
        return `json_extract(doc, '$.${field}') ${dir === 'desc' ? 'DESC' : 'ASC'}`;
      })
      .concat('rowid ASC')
      .join(', ');
    const limit = options.limit !== undefined ? `LIMIT ${Math.max(0, Math.floor(options.limit))}` : '';
    return this.db
      .prepare<unknown[], { doc: string }>(`SELECT doc FROM ${this.table} ${sql} ORDER BY ${order} ${limit}`)
      .all(...params)
      .map((r) => JSON.parse(r.doc) as T);
  }

  async update(id: string, patch: Partial<T>): Promise<T | null> {
    const current = await this.get(id);
    if (!current) return null;
    const next = { ...current, ...patch, id } as T;
    await this.put(next);
    return next;
  }

  async delete(id: string): Promise<boolean> {
    return this.db.prepare(`DELETE FROM ${this.table} WHERE id = ?`).run(id).changes > 0;
  }

  async count(where?: Where<T>): Promise<number> {
    const { sql, params } = whereClause(where);
    return (
      this.db
        .prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM ${this.table} ${sql}`)
        .get(...params)?.n ?? 0
    );
  }

  async clear(): Promise<void> {
    this.db.prepare(`DELETE FROM ${this.table}`).run();
  }
}

/** Read models as JSON documents in tables of the service's SQLite file. */
export class SqliteReadModels implements ReadModels {
  private readonly collections = new Map<string, SqliteCollection<Document>>();

  constructor(private readonly db: SqliteDb) {}

  collection<T extends Document>(name: string): Collection<T> {
    let c = this.collections.get(name);
    if (!c) {
      c = new SqliteCollection(this.db, name);
      this.collections.set(name, c);
    }
    return c as unknown as Collection<T>;
  }

  async ready(): Promise<boolean> {
    return this.db.open;
  }

  async close(): Promise<void> {}
}
