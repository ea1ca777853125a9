import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../src/embedded/sqlite';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import type { FindOptions } from '../../src/ports';

interface Article {
  id: string;
  publishDate: string;
  order: number;
  category: string;
  published: boolean;
  title: string;
}

/**
 * The lists' queries are answered from the declared indexes: SQLite's plan for the exact SQL the adapter runs
 * searches an index and needs no temporary sort, so a page costs the same at 10 and at 5,000 rows.
 */
describe('SQLite read models: declared indexes serve the lists', () => {
  let dir: string;
  let db: SqliteDb;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), '12yards-plan-'));
    db = openSqlite(join(dir, 'svc.sqlite'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The plan of the SQL (and parameters) the adapter ran for one find. */
  async function planOf(options: FindOptions<Article>, indexes?: (keyof Article & string)[][]) {
    const rows = new SqliteReadModels(db).collection<Article>('news', indexes ? { indexes } : undefined);
    for (let i = 0; i < 50; i++) {
      await rows.put({
        id: `a${i}`,
        publishDate: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
        order: i,
        category: i % 2 ? 'general' : 'announcement',
        published: i % 5 !== 0,
        title: `Story ${i}`,
      });
    }
    db.exec('ANALYZE');
    const ran: { sql: string; params: unknown[] }[] = [];
    const prepare = db.prepare.bind(db);
    const spy = jest.spyOn(db, 'prepare').mockImplementation(((sql: string) => {
      const stmt = prepare(sql);
      return new Proxy(stmt, {
        get(target, key) {
          if (key === 'all')
            return (...params: unknown[]) => (ran.push({ sql, params }), target.all(...params));
          const v = Reflect.get(target, key, target);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
    }) as never);
    await rows.find(options);
    spy.mockRestore();
    const { sql, params } = ran.at(-1)!;
    return (prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
      .map((r) => r.detail)
      .join('\n');
  }

  const NEWEST = [
    { field: 'publishDate', dir: 'desc' },
    { field: 'order', dir: 'desc' },
  ] as const satisfies FindOptions<Article>['sort'];
  const INDEXES: (keyof Article & string)[][] = [
    ['publishDate', 'order'],
    ['category', 'publishDate', 'order'],
  ];

  it('When the public first page is read, then the publishDate index gives the order (no temporary sort)', async () => {
    const plan = await planOf(
      {
        where: { published: true, publishDate: { $lte: '2026-06-01T00:00:00.000Z' } },
        sort: [...NEWEST],
        limit: 21,
      },
      INDEXES,
    );
    expect(plan).toMatch(/USING INDEX ix_rm_news_publishDate_order/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('When a later page is read (keyset after), then the index is searched from the position', async () => {
    const plan = await planOf(
      { sort: [...NEWEST], after: { values: ['2026-01-02T00:00:00.000Z', 24], id: 'a24' }, limit: 21 },
      INDEXES,
    );
    expect(plan).toMatch(/SEARCH rm_news USING INDEX ix_rm_news_publishDate_order/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('When a category is asked for, then the category index serves filter and order', async () => {
    const plan = await planOf({ where: { category: 'general' }, sort: [...NEWEST], limit: 21 }, INDEXES);
    expect(plan).toMatch(/SEARCH rm_news USING INDEX ix_rm_news_category_publishDate_order/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('When no index is declared, then the same page scans and sorts (what the declarations fix)', async () => {
    const plan = await planOf({ sort: [...NEWEST], limit: 21 });
    expect(plan).toMatch(/SCAN rm_news/);
    expect(plan).toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});
