import { SqliteEventStore } from '../../src/embedded/sqlite-event-store';
import { SqliteReadModels } from '../../src/embedded/sqlite-read-models';
import { openSqlite } from '../../src/embedded/sqlite';
import { Projector } from '../../src/es/projector';
import { rowsOf } from './row-fixtures';
import { useTempSqlite } from './temp-sqlite';

describe('Projector.rebuildTogether', () => {
  const sqlite = useTempSqlite();

  it("When a service's projections and reports are rebuilt together, then the events are read once, and each gets its rows and its checkpoint at the end", async () => {
    const store = new SqliteEventStore(sqlite());
    for (let n = 1; n <= 1200; n++)
      await store.append(`s${n}`, 'no_stream', [{ type: 'Added', data: { n } }]);
    const reads: number[] = [];
    const readAll = store.readAll.bind(store);
    store.readAll = (from, limit) => {
      reads.push(from);
      return readAll(from, limit);
    };
    const models = new SqliteReadModels(sqlite());
    await models.collection('stale').put({ id: 'old' });
    const projections = new Projector(store, models, [rowsOf('rows'), rowsOf('stale')]);
    const reports = new Projector(store, models, [rowsOf('report_rows')], undefined, 'reports');
    const scratch = openSqlite(':memory:');

    const applied = await Projector.rebuildTogether([projections, reports], new SqliteReadModels(scratch));
    scratch.close();

    expect(applied).toBe(1200);
    expect(reads).toEqual([0, 500, 1000]); // pages of 500, once (a short page is the end)
    expect(await models.collection('rows').count()).toBe(1200);
    expect(await models.collection('report_rows').count()).toBe(1200);
    expect(await models.collection('stale').get('old')).toBeNull();
    expect(await projections.position()).toBe(1200);
    expect(await reports.position()).toBe(1200);
  });
});
