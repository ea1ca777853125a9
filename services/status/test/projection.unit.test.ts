import { openSqlite, SqliteReadModels, type StoredEvent } from '@12yards/platform';
import { serviceStatusProjection, statusRows } from '../src/service-status/projection';

const stored = (version: number, type: string, data: unknown): StoredEvent => ({
  id: `e-${version}`,
  type,
  streamId: 'service-status-auctions',
  version,
  position: version,
  occurredAt: '2026-11-22T10:00:00.000Z',
  data,
  meta: {},
});

describe('service status projection', () => {
  it('When ServiceRegistered is applied again after a status change, then the change is kept', async () => {
    const db = openSqlite(':memory:');
    try {
      const models = new SqliteReadModels(db);
      const registered = stored(1, 'ServiceRegistered', {
        id: 'auctions',
        serviceName: 'Auctions',
        status: 'operational',
        description: null,
        at: '2026-11-22T10:00:00.000Z',
      });
      const changed = stored(2, 'ServiceStatusChanged', {
        id: 'auctions',
        status: 'issue',
        previousStatus: 'operational',
        at: '2026-11-22T11:00:00.000Z',
      });
      for (const e of [registered, changed, registered]) await serviceStatusProjection.apply(e, models);
      expect(await statusRows(models).get('auctions')).toMatchObject({
        status: 'issue',
        lastUpdated: '2026-11-22T11:00:00.000Z',
        createdAt: '2026-11-22T10:00:00.000Z',
        version: 2,
      });
    } finally {
      db.close();
    }
  });
});
