import request from 'supertest';
import { openSqlite, serviceDbFile, SqliteEventBus, SqliteEventStore, toMessage } from '@12yards/platform';
import { partnersIntegrationEvents } from '@12yards/partners/src/integration-events';
import { findPartner } from '../src/partner-view/projection';
import { startContracts, type Harness } from './helpers';

jest.setTimeout(30_000);

describe("the contracts service's view of partners, beside the partners topic's contact messages", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startContracts();
  });
  afterAll(async () => h?.stop());

  it('When a contact message crosses the partners topic before an application, then the application is recorded and nothing is dead-lettered', async () => {
    const db = openSqlite(serviceDbFile(h.env.DATA_DIR, 'partners'));
    try {
      const store = new SqliteEventStore(db);
      const { events } = await store.append('contact-m1', 'no_stream', [
        {
          type: 'ContactMessageReceived',
          data: { id: 'm1', name: 'Ann', email: 'ann@x.example', subject: 'Hi', message: 'Hello', at: '' },
        },
      ]);
      const published = partnersIntegrationEvents(events[0]!);
      expect(published?.type).toBe('ContactMessageReceived');
      await new SqliteEventBus({ topics: {}, db }).publish('partners', [toMessage(events[0]!, published!)]);
    } finally {
      db.close();
    }
    // The topic is read in order: once the partner is known, the message before it was handled.
    const partner = await h.addPartner();
    expect(await findPartner(h.svc.ctx.infra.readModels, partner.id)).toMatchObject({ name: 'Alex Smith' });
    const metrics = await request(h.app).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/events_dead_lettered_total\{group="contracts",topic="partners"\} 0\b/);
    expect(await findPartner(h.svc.ctx.infra.readModels, 'undefined')).toBeNull();
  });
});
