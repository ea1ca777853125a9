import type { Collection, ReadModels } from '../../src/ports';

export interface ReadModelsHarness {
  models: ReadModels;
  cleanup(): Promise<void>;
}

interface Item {
  id: string;
  title: string;
  rank: number;
  active: boolean;
  when: string;
  tag?: string | null;
}

let n = 0;

export function readModelsContract(adapter: string, make: () => Promise<ReadModelsHarness>) {
  describe(`ReadModels contract [${adapter}]`, () => {
    let h: ReadModelsHarness;
    let items: Collection<Item>;
    const seed: Item[] = [
      { id: 'a', title: 'Alpha', rank: 2, active: true, when: '2026-01-03T00:00:00.000Z', tag: 'x' },
      { id: 'b', title: 'Beta', rank: 1, active: false, when: '2026-01-01T00:00:00.000Z', tag: null },
      { id: 'c', title: 'Gamma', rank: 2, active: true, when: '2026-01-02T00:00:00.000Z', tag: 'y' },
      { id: 'd', title: 'Delta', rank: 3, active: true, when: '2026-01-04T00:00:00.000Z' },
    ];
    beforeEach(async () => {
      h = await make();
      items = h.models.collection<Item>(`items${process.pid}x${++n}`);
      for (const i of seed) await items.put(i);
    });
    afterEach(async () => {
      await items.clear();
      await h.cleanup();
    });

    it('When a document is put, then get returns it and put again replaces it', async () => {
      expect(await items.get('a')).toEqual(seed[0]);
      await items.put({ ...seed[0]!, title: 'Alpha 2' });
      expect(await items.get('a')).toMatchObject({ title: 'Alpha 2', rank: 2 });
      expect(await items.get('zzz')).toBeNull();
    });

    it('When many puts of one collection are made at once, then each is written, and of two for one id the later one', async () => {
      const puts = Array.from({ length: 20 }, (_, i) => ({ ...seed[0]!, id: `p${i}`, rank: i }));
      await Promise.all([
        ...puts.map((doc) => items.put(doc)),
        items.put({ ...seed[1]!, title: 'first of two' }),
        items.put({ ...seed[1]!, title: 'second of two' }),
      ]);
      for (const doc of puts) expect(await items.get(doc.id)).toEqual(doc);
      expect(await items.get('b')).toEqual({ ...seed[1], title: 'second of two' });
    });

    it('When many lookups by id are made at once, then each gets its own document, the same id twice too, or null', async () => {
      const ids = ['d', 'a', 'missing', 'c', 'a', 'b', 'also missing'];
      const found = await Promise.all(ids.map((id) => items.get(id)));
      expect(found).toEqual(ids.map((id) => seed.find((s) => s.id === id) ?? null));
      // Each caller gets a document of its own: changing one leaves the other's as read.
      found[1]!.title = 'changed by one caller';
      expect(found[4]!.title).toBe('Alpha');
    });

    it('When a document is inserted, then it is written only while its id is free: an existing one stays as it is', async () => {
      await items.insert({ ...seed[0]!, id: 'new', title: 'New' });
      expect(await items.get('new')).toEqual({ ...seed[0], id: 'new', title: 'New' });
      await items.insert({ ...seed[0]!, title: 'Alpha again' });
      expect(await items.get('a')).toEqual(seed[0]);
    });

    it('When many writes are sent together, then each document is put, deleted or inserted unless there, in one call', async () => {
      const existing = await items.writeMany(
        [
          { ...seed[0]!, title: 'Alpha put' },
          { ...seed[1]!, id: 'w1', title: 'New put' },
        ],
        ['b'],
        [
          { ...seed[1]!, id: 'w2', title: 'New insert' },
          { ...seed[2]!, title: 'Insert over an existing one' },
        ],
      );
      expect(await items.get('a')).toEqual({ ...seed[0], title: 'Alpha put' });
      expect(await items.get('w1')).toEqual({ ...seed[1], id: 'w1', title: 'New put' });
      expect(await items.get('b')).toBeNull();
      expect(await items.get('w2')).toEqual({ ...seed[1], id: 'w2', title: 'New insert' });
      expect(await items.get(seed[2]!.id)).toEqual(seed[2]);
      expect(existing).toEqual([seed[2]!.id]); // the insert that met a document
    });

    it('When many documents are put at once, then new ones are inserted and existing ones replaced', async () => {
      const many = Array.from({ length: 1500 }, (_, i) => ({ ...seed[1]!, id: `m${i}`, rank: i }));
      await items.putMany([{ ...seed[0]!, title: 'Alpha 3' }, ...many]);
      expect(await items.get('a')).toEqual({ ...seed[0], title: 'Alpha 3' });
      expect(await items.get('m1499')).toEqual({ ...seed[1], id: 'm1499', rank: 1499 });
      expect(await items.count()).toBe(seed.length + many.length);
      await items.putMany([]);
      expect(await items.count()).toBe(seed.length + many.length);
    });

    it('When a document is updated, then the patch is merged and the result returned', async () => {
      expect(await items.update('b', { active: true })).toMatchObject({
        id: 'b',
        title: 'Beta',
        active: true,
      });
      expect(await items.get('b')).toMatchObject({ active: true });
      expect(await items.update('missing', { active: true })).toBeNull();
    });

    it('When filtering by equality, booleans and null, then only matching documents come back', async () => {
      const ids = async (where: object) =>
        (await items.find({ where: where as never, sort: [{ field: 'id', dir: 'asc' }] })).map((i) => i.id);
      expect(await ids({ active: true })).toEqual(['a', 'c', 'd']);
      expect(await ids({ active: false })).toEqual(['b']);
      expect(await ids({ rank: 2, active: true })).toEqual(['a', 'c']);
      expect(await ids({ title: 'Delta' })).toEqual(['d']);
    });

    it('When filtering with operators, then $lt $lte $gt $gte $ne $in behave as comparisons', async () => {
      const ids = async (where: object) =>
        (await items.find({ where: where as never, sort: [{ field: 'id', dir: 'asc' }] })).map((i) => i.id);
      expect(await ids({ rank: { $gte: 2 } })).toEqual(['a', 'c', 'd']);
      expect(await ids({ rank: { $lt: 2 } })).toEqual(['b']);
      expect(await ids({ rank: { $gt: 1, $lte: 2 } })).toEqual(['a', 'c']);
      expect(await ids({ when: { $lte: '2026-01-02T00:00:00.000Z' } })).toEqual(['b', 'c']);
      expect(await ids({ id: { $in: ['a', 'd', 'q'] } })).toEqual(['a', 'd']);
      expect(await ids({ id: { $in: [] } })).toEqual([]);
      expect(await ids({ rank: { $ne: 2 } })).toEqual(['b', 'd']);
    });

    it('When sorting on several keys with a limit, then the order and the count hold', async () => {
      const sorted = await items.find({
        sort: [
          { field: 'rank', dir: 'desc' },
          { field: 'when', dir: 'asc' },
        ],
      });
      expect(sorted.map((i) => i.id)).toEqual(['d', 'c', 'a', 'b']);
      const top = await items.find({ sort: [{ field: 'when', dir: 'desc' }], limit: 2 });
      expect(top.map((i) => i.id)).toEqual(['d', 'a']);
    });

    it('When counting and deleting, then the numbers follow', async () => {
      expect(await items.count()).toBe(4);
      expect(await items.count({ active: true })).toBe(3);
      expect(await items.delete('a')).toBe(true);
      expect(await items.delete('a')).toBe(false);
      expect(await items.count()).toBe(3);
      await items.clear();
      expect(await items.count()).toBe(0);
    });

    it('When sort keys tie, then the id breaks the tie in the direction of the last key', async () => {
      const asc = await items.find({ sort: [{ field: 'rank', dir: 'asc' }] });
      expect(asc.map((i) => i.id)).toEqual(['b', 'a', 'c', 'd']);
      const desc = await items.find({ sort: [{ field: 'rank', dir: 'desc' }] });
      expect(desc.map((i) => i.id)).toEqual(['d', 'c', 'a', 'b']);
      expect((await items.find()).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
    });

    it('When paging with after (keyset), then every document comes once, in order, whatever the direction', async () => {
      for (const dir of ['asc', 'desc'] as const) {
        const sort = [{ field: 'rank' as const, dir }];
        const whole = (await items.find({ sort })).map((i) => i.id);
        const seen: string[] = [];
        let after: { values: unknown[]; id: string } | undefined;
        for (;;) {
          const page = await items.find({ sort, limit: 1, ...(after && { after }) });
          if (page.length === 0) break;
          seen.push(page[0]!.id);
          after = { values: [page[0]!.rank], id: page[0]!.id };
        }
        expect(seen).toEqual(whole);
      }
    });

    it('When paging with after on two keys and a filter, then the page starts right after the position', async () => {
      const sort = [
        { field: 'active' as const, dir: 'desc' as const },
        { field: 'when' as const, dir: 'desc' as const },
      ];
      const page = await items.find({
        where: { rank: { $gte: 2 } },
        sort,
        after: { values: [true, '2026-01-04T00:00:00.000Z'], id: 'd' },
        limit: 10,
      });
      expect(page.map((i) => i.id)).toEqual(['a', 'c']);
    });

    it('When searching for a text, then documents with it in any listed field come back, whatever the case', async () => {
      await items.put({
        id: 'e',
        title: '50%_off (a.b*)',
        rank: 9,
        active: true,
        when: '2026-01-05T00:00:00.000Z',
      });
      const ids = async (text: string, fields: ('title' | 'tag')[] = ['title']) =>
        (await items.find({ search: { fields, text }, sort: [{ field: 'id', dir: 'asc' }] })).map(
          (i) => i.id,
        );
      expect(await ids('LPH')).toEqual(['a']);
      expect(await ids('ta')).toEqual(['b', 'd']);
      expect(await ids('y', ['title', 'tag'])).toEqual(['c']);
      // Wildcards of LIKE and regular expressions are plain characters.
      expect(await ids('%')).toEqual(['e']);
      expect(await ids('_')).toEqual(['e']);
      expect(await ids('a.b*')).toEqual(['e']);
      expect(await ids('.*')).toEqual([]);
    });

    it('When a collection declares indexes, then it is declared again harmlessly and finds still work', async () => {
      const name = `indexed${process.pid}x${n}`;
      const first = h.models.collection<Item>(name, { indexes: [['when'], ['rank', 'when']] });
      await first.put(seed[0]!);
      const again = h.models.collection<Item>(name, { indexes: [['when'], ['rank', 'when']] });
      await again.put(seed[1]!);
      expect((await again.find({ sort: [{ field: 'when', dir: 'desc' }] })).map((i) => i.id)).toEqual([
        'a',
        'b',
      ]);
      await again.clear();
    });

    it('When two collections are used, then they do not see each other', async () => {
      const other = h.models.collection<Item>(`other${process.pid}x${n}`);
      await other.clear();
      await other.put({ ...seed[0]!, id: 'o' });
      expect(await other.count()).toBe(1);
      expect(await items.get('o')).toBeNull();
      await other.clear();
    });
  });
}
