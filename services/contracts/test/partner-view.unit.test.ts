import { fold } from '@12yards/platform';
import { decide, partnerViewDecider, type PartnerSourceEvent } from '../src/partner-view/decide';
import type { PartnerViewEvent } from '../src/partner-view/events';

const submitted: PartnerSourceEvent = {
  id: 'e1',
  type: 'PartnerApplicationSubmitted',
  occurredAt: '2026-11-22T10:00:00.000Z',
  data: {
    id: 'p1',
    name: 'Alex',
    email: 'alex@example.com',
    type: 'club',
    organization: 'Leeds Fans',
    position: 'Chair',
    knownAs: null,
    status: 'Pending',
    source: 'public',
  },
};
const record = (source: PartnerSourceEvent, history: PartnerViewEvent[] = []) =>
  decide({ type: 'RecordPartnerEvent', source }, fold(partnerViewDecider, history));

describe('partner view decide/evolve', () => {
  it('Given nothing, when an application is submitted, then the partner is recorded without empty fields', () => {
    expect(record(submitted)).toEqual([
      {
        type: 'PartnerRecorded',
        data: {
          partner: {
            id: 'p1',
            name: 'Alex',
            email: 'alex@example.com',
            type: 'club',
            organization: 'Leeds Fans',
            position: 'Chair',
            status: 'Pending',
          },
          source: { eventId: 'e1', type: 'PartnerApplicationSubmitted', at: submitted.occurredAt },
        },
      },
    ]);
  });

  it('Given a recorded partner, when its details or status change, then the snapshot is updated', () => {
    const history = record(submitted);
    const details = record(
      {
        ...submitted,
        id: 'e2',
        type: 'PartnerDetailsChanged',
        data: { id: 'p1', name: 'Alex Smith', position: null },
      },
      history,
    );
    expect(details[0]!.data.partner).toEqual(
      expect.objectContaining({ name: 'Alex Smith', organization: 'Leeds Fans' }),
    );
    expect(details[0]!.data.partner.position).toBeUndefined();
    const promoted = record(
      {
        ...submitted,
        id: 'e3',
        type: 'PartnerPromoted',
        data: { id: 'p1', contractId: 'c1', status: 'Partner' },
      },
      [...history, ...details],
    );
    expect(promoted[0]!.data.partner).toMatchObject({ id: 'p1', name: 'Alex Smith', status: 'Partner' });
  });

  it('Given a recorded partner, when an event changes nothing it shows, then nothing is decided', () => {
    const history = record(submitted);
    expect(
      record(
        {
          ...submitted,
          id: 'e2',
          type: 'PartnerStatusChanged',
          data: { id: 'p1', status: 'Pending', previousStatus: 'Pending' },
        },
        history,
      ),
    ).toEqual([]);
  });

  it('Given an unknown partner, when a change arrives, or an event of another kind, then nothing is decided', () => {
    expect(record({ ...submitted, type: 'PartnerDetailsChanged' })).toEqual([]);
    expect(record({ ...submitted, type: 'ContactMessageReceived' })).toEqual([]);
  });
});
