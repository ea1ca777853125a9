import type { StoredEvent } from '@12yards/platform';
import { storedEvent, useInMemoryReadModels } from '@12yards/platform/testing';
import { findPartner, partnerViewProjection } from '../src/partner-view/projection';

let position = 0;
/** A PartnerRecorded event of the partner's view stream, at its version, later in the store than the one before. */
const recorded = (version: number, status: string): StoredEvent => ({
  ...storedEvent(
    'PartnerRecorded',
    {
      partner: { id: 'p1', name: 'Alex', email: 'alex@example.com', type: 'club', status },
      source: { eventId: `source-${version}`, type: 'PartnerStatusChanged', at: '2026-11-22T10:00:00.000Z' },
    },
    'partner-view-p1',
  ),
  id: `e-${++position}`,
  version,
  position,
});

describe('partner view projection', () => {
  const models = useInMemoryReadModels();

  it("When a partner's first record is applied, then the row is made with it", async () => {
    await partnerViewProjection.apply(recorded(1, 'Pending'), models());
    expect(await findPartner(models(), 'p1')).toMatchObject({ id: 'p1', status: 'Pending', version: 1 });
  });

  it('When the first record is applied again after a later one (a replay), then the later one stays', async () => {
    const first = recorded(1, 'Pending');
    await partnerViewProjection.apply(first, models());
    await partnerViewProjection.apply(recorded(2, 'Partner'), models());
    await partnerViewProjection.apply(first, models());
    expect(await findPartner(models(), 'p1')).toMatchObject({ status: 'Partner', version: 2 });
  });

  it('When an older record comes after a newer one, then the newer one stays', async () => {
    await partnerViewProjection.apply(recorded(1, 'Pending'), models());
    await partnerViewProjection.apply(recorded(3, 'Partner'), models());
    await partnerViewProjection.apply(recorded(2, 'Approved'), models());
    expect(await findPartner(models(), 'p1')).toMatchObject({ status: 'Partner', version: 3 });
  });
});
