import type {
  Collection,
  CollectionOptions,
  Document,
  FieldFilter,
  FindOptions,
  ReadModels,
  Where,
} from '../ports';
import type { Statement } from 'better-sqlite3';
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

/** The SQL of a field: the id column, or the same json_extract expression the declared indexes are built on. */
function column(field: string): string {
  if (!NAME.test(field)) throw new Error(`Invalid field name ${field}`);
  return field === 'id' ? 'id' : `json_extract(doc, '$.${field}')`;
}

/** LIKE pattern of "contains text", with LIKE's own wildcards escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The sort keys with the id tie-break, which follows the last key's direction (so one index serves the order). */
function orderKeys<T>(options: FindOptions<T>): { field: string; dir: 'asc' | 'desc' }[] {
  const sort = (options.sort ?? []).filter((s) => s.field !== 'id');
  const last = options.sort?.at(-1)?.dir ?? 'asc';
  return [...sort, { field: 'id', dir: last }];
}

/**
 * "Comes after this position": (k0, k1, .., id) past (v0, v1, .., id) in the order's directions, written with a
 * leading bound on the first key so SQLite can seek the index instead of scanning up to the position.
 */
function afterClause(
  keys: { field: string; dir: 'asc' | 'desc' }[],
  after: { values: unknown[]; id: string },
) {
  const values = [...after.values, after.id];
  if (values.length !== keys.length) throw new Error('The position does not match the sort keys');
  const parts: string[] = [];
  const params: unknown[] = [];
  for (let i = 0; i < keys.length; i++) {
    const eq = keys.slice(0, i).map((k) => `${column(k.field)} = ?`);
    const { field, dir } = keys[i]!;
    parts.push(`(${[...eq, `${column(field)} ${dir === 'desc' ? '<' : '>'} ?`].join(' AND ')})`);
    params.push(...values.slice(0, i + 1).map(sqlValue));
  }
  const lead = `${column(keys[0]!.field)} ${keys[0]!.dir === 'desc' ? '<=' : '>='} ?`;
  return { sql: `${lead} AND (${parts.join(' OR ')})`, params: [sqlValue(values[0]), ...params] };
}

function whereClause<T>(where: Where<T> | undefined): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [field, filter] of Object.entries(where ?? {})) {
    if (!NAME.test(field)) throw new Error(`Invalid field name ${field}`);
    const col = column(field);
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
  private readonly indexes = new Set<string>();
  /** Prepared statements by their SQL: preparing is most of what a small read or write costs. */
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: SqliteDb,
    name: string,
  ) {
    if (!NAME.test(name)) throw new Error(`Invalid collection name ${name}`);
    this.table = `rm_${name}`;
    db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
  }

  private statement<R = unknown>(sql: string): Statement<unknown[], R> {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      if (this.statements.size >= 200) this.statements.clear(); // finds with many shapes of filter
      prepared = this.db.prepare(sql);
      this.statements.set(sql, prepared);
    }
    return prepared as Statement<unknown[], R>;
  }

  async put(doc: T): Promise<void> {
    this.statement(
      `INSERT INTO ${this.table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`,
    ).run(doc.id, JSON.stringify(doc));
  }

  async putMany(docs: T[]): Promise<void> {
    const put = this.statement(
      `INSERT INTO ${this.table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`,
    );
    this.db.transaction(() => {
      for (const doc of docs) put.run(doc.id, JSON.stringify(doc));
    })();
  }

  async writeMany(puts: T[], deletes: string[], inserts: T[] = []): Promise<string[]> {
    const put = this.statement(
      `INSERT INTO ${this.table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET doc = excluded.doc`,
    );
    const remove = this.statement(`DELETE FROM ${this.table} WHERE id = ?`);
    const insert = this.statement(
      `INSERT INTO ${this.table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO NOTHING`,
    );
    const existing: string[] = [];
    this.db.transaction(() => {
      for (const doc of puts) put.run(doc.id, JSON.stringify(doc));
      for (const id of deletes) remove.run(id);
      for (const doc of inserts)
        if (insert.run(doc.id, JSON.stringify(doc)).changes === 0) existing.push(doc.id);
    })();
    return existing;
  }

  async insert(doc: T): Promise<void> {
    const sql = `INSERT INTO ${this.table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO NOTHING`;
    this.statement(sql).run(doc.id, JSON.stringify(doc));
  }

  async putIf(doc: T, expected: Where<T> | null): Promise<boolean> {
    const json = JSON.stringify(doc);
    if (expected === null) {
      const sql = `INSERT INTO ${this.table} (id, doc) VALUES (?, ?) ON CONFLICT(id) DO NOTHING`;
      return this.statement(sql).run(doc.id, json).changes === 1;
    }
    const where = whereClause(expected);
    const condition = where.sql ? ` AND ${where.sql.slice('WHERE '.length)}` : '';
    const sql = `UPDATE ${this.table} SET doc = ? WHERE id = ?${condition}`;
    return this.statement(sql).run(json, doc.id, ...where.params).changes === 1;
  }

  async get(id: string): Promise<T | null> {
    const row = this.statement<{ doc: string }>(`SELECT doc FROM ${this.table} WHERE id = ?`).get(id);
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  /** Creates each declared index once: an expression index on the same json_extract the finds use. */
  declare(options: CollectionOptions<T>): void {
    for (const fields of options.indexes ?? []) {
      const name = `ix_${this.table}_${fields.join('_')}`;
      if (this.indexes.has(name)) continue;
      const columns = [...fields.filter((f) => f !== 'id').map(column), 'id'];
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${this.table} (${columns.join(', ')})`);
      this.indexes.add(name);
    }
  }

  async find(options: FindOptions<T> = {}): Promise<T[]> {
    const where = whereClause(options.where);
    const conditions = where.sql ? [where.sql.slice('WHERE '.length)] : [];
    const params = [...where.params];
    const keys = orderKeys(options);
    if (options.after) {
      const after = afterClause(keys, options.after);
      conditions.push(after.sql);
      params.push(...after.params);
    }
    if (options.search && options.search.fields.length > 0) {
      const pattern = containsPattern(options.search.text);
      conditions.push(
        `(${options.search.fields.map((f) => `${column(f)} LIKE ? ESCAPE '\\'`).join(' OR ')})`,
      );
      params.push(...options.search.fields.map(() => pattern));
    }
    const order = keys
      .map(({ field, dir }) => `${column(field)} ${dir === 'desc' ? 'DESC' : 'ASC'}`)
      .join(', ');
    const filter = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const limit = options.limit !== undefined ? `LIMIT ${Math.max(0, Math.floor(options.limit))}` : '';
    return this.statement<{ doc: string }>(
      `SELECT doc FROM ${this.table} ${filter} ORDER BY ${order} ${limit}`,
    )
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
    return this.statement(`DELETE FROM ${this.table} WHERE id = ?`).run(id).changes > 0;
  }

  async count(where?: Where<T>): Promise<number> {
    const { sql, params } = whereClause(where);
    return (
      this.statement<{ n: number }>(`SELECT COUNT(*) AS n FROM ${this.table} ${sql}`).get(...params)?.n ?? 0
    );
  }

  async clear(): Promise<void> {
    this.statement(`DELETE FROM ${this.table}`).run();
  }
}

/** Read models as JSON documents in tables of the service's SQLite file. */
export class SqliteReadModels implements ReadModels {
  private readonly collections = new Map<string, SqliteCollection<Document>>();

  constructor(private readonly db: SqliteDb) {}

  collection<T extends Document>(name: string, options?: CollectionOptions<T>): Collection<T> {
    let c = this.collections.get(name);
    if (!c) {
      c = new SqliteCollection(this.db, name);
      this.collections.set(name, c);
    }
    if (options) c.declare(options as CollectionOptions<Document>);
    // One untyped collection per name serves whatever document type its callers declare.
    return c as unknown as Collection<T>;
  }

  async ready(): Promise<boolean> {
    return this.db.open;
  }

  async close(): Promise<void> {}
}
