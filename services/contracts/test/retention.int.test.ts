import request from 'supertest';
import {
  ERASED_PERSONAL_DATA,
  openSqlite,
  serviceDbFile,
  SqliteEventBus,
  SqliteEventStore,
  toMessage,
} from '@12yards/platform';
import { partnersIntegrationEvents } from '@12yards/partners/src/integration-events';
import { findPartner } from '../src/partner-view/projection';
import { admin, startContracts, type Harness } from './helpers';
import { contractsStoredText } from './stored-text';

/**
 * Issue 26 item 4: applications that never became partners are erased after the retention period by the partners
 * service's sweep; the contracts service's record of them (its partner view) goes too, on the sweep's
 * ApplicationsExpired.
 */
describe("contracts service: retention of expired applicants' partner records", () => {
  jest.setTimeout(60_000);
  let h: Harness;
  beforeEach(async () => {
    h = await startContracts();
  });
  afterEach(async () => h?.stop());

  const storedBytes = () => contractsStoredText(h.env.DATA_DIR, { objects: false });
  /** The partners service's sweep record, appended and published on the partners topic as its relay does. */
  async function partnersSweepExpired(records: { kind: string; id: string }[]) {
    const db = openSqlite(serviceDbFile(h.env.DATA_DIR, 'partners'));
    try {
      const { events } = await new SqliteEventStore(db).append('privacy-retention-partners', 'any', [
        {
          type: 'PersonalDataExpired',
          data: { retentionMonths: 24, cutoff: '2024-11-26T00:00:00.000Z', records, erased: {}, at: 'now' },
          meta: { actor: 'retention-sweep' },
        },
      ]);
      const published = partnersIntegrationEvents(events[0]!);
      expect(published).toMatchObject({ type: 'ApplicationsExpired' });
      await new SqliteEventBus({ topics: {}, db }).publish('partners', [toMessage(events[0]!, published!)]);
    } finally {
      db.close();
    }
  }
  const erasedIn = async (id: string) => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if ((await findPartner(h.svc.ctx.infra.readModels, id))?.email === ERASED_PERSONAL_DATA) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };

  it('When the partners sweep erases an application, then the partner record reads "Erased personal data" and the file holds none of it; another applicant is kept', async () => {
    const gone = await h.addPartner({ name: 'Tamsin Okonkwo', email: 'tamsin@harbourfc.example' });
    const kept = await h.addPartner({ name: 'Kept Kowalski', email: 'kept@example.com' });
    expect(storedBytes()).toContain('Tamsin Okonkwo');

    await partnersSweepExpired([
      { kind: 'application', id: gone.id },
      { kind: 'action', id: 'action-1' },
      { kind: 'contact-message', id: 'contact-1' },
    ]);
    expect(await erasedIn(gone.id)).toBe(true);
    expect(await findPartner(h.svc.ctx.infra.readModels, gone.id)).toMatchObject({
      name: ERASED_PERSONAL_DATA,
      email: ERASED_PERSONAL_DATA,
      type: 'club',
    });
    expect(await findPartner(h.svc.ctx.infra.readModels, kept.id)).toMatchObject({ name: 'Kept Kowalski' });
    const bytes = storedBytes();
    for (const plain of ['Tamsin Okonkwo', 'tamsin@harbourfc.example']) expect(bytes).not.toContain(plain);
    expect(bytes).toContain('Kept Kowalski');

    const recorded = await h.svc.ctx.infra.eventStore.read('privacy-retention-contracts');
    expect(recorded.map((e) => [e.type, e.meta.actor, e.data])).toEqual([
      [
        'PersonalDataExpired',
        'retention-sweep',
        {
          source: 'ApplicationsExpired',
          records: [{ kind: 'partner-record', id: gone.id }],
          erased: { 'partner-record': 1 },
          at: expect.any(String),
        },
      ],
    ]);
    // An export finds nothing of them any more.
    const exported = await request(h.app)
      .get('/internal/privacy/export?email=tamsin@harbourfc.example')
      .use(admin())
      .expect(200);
    expect(exported.body.records).toEqual([]);
  });

  it('When an erased or unknown applicant is named again, then nothing of them is erased twice', async () => {
    const gone = await h.addPartner({ name: 'Twice Tremaine', email: 'twice@example.com' });
    const later = await h.addPartner({ name: 'Later Lund', email: 'later@example.com' });
    await partnersSweepExpired([{ kind: 'application', id: gone.id }]);
    expect(await erasedIn(gone.id)).toBe(true);
    await partnersSweepExpired([
      { kind: 'application', id: gone.id },
      { kind: 'application', id: 'unknown' },
      { kind: 'application', id: later.id },
    ]);
    expect(await erasedIn(later.id)).toBe(true);
    const recorded = await h.svc.ctx.infra.eventStore.read('privacy-retention-contracts');
    expect(recorded.map((e) => (e.data as { records: unknown }).records)).toEqual([
      [{ kind: 'partner-record', id: gone.id }],
      [{ kind: 'partner-record', id: later.id }],
    ]);
  });
});
