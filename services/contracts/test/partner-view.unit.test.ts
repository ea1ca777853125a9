import { DeciderSpecification } from '@12yards/platform/testing';
import { partnerViewDecider, type PartnerSourceEvent } from '../src/partner-view/decide';

const submitted: PartnerSourceEvent = {
  id: 'e1',
  occurredAt: '2026-11-22T10:00:00.000Z',
  event: {
    type: 'PartnerApplicationSubmitted',
    version: 2,
    data: {
      partnerId: 'p1',
      name: 'Alex',
      email: 'alex@example.com',
      type: 'club',
      organization: 'Leeds Fans',
      position: 'Chair',
      knownAs: null,
      webAddress: 'https://leeds-fans.example',
      status: 'Pending',
    },
  },
};
const record = (source: PartnerSourceEvent) => ({ type: 'RecordPartnerEvent', source }) as const;
const given = DeciderSpecification.for(partnerViewDecider);
/** The partner recorded from `submitted`. */
const recorded = () => partnerViewDecider.decide(record(submitted), partnerViewDecider.initialState());

describe('partner view decide/evolve', () => {
  it('Given nothing, when an application is submitted, then the partner is recorded without empty fields', () => {
    given([])
      .when(record(submitted))
      .then([
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
    const history = recorded();
    const { events: details } = given(history)
      .when(
        record({
          id: 'e2',
          occurredAt: submitted.occurredAt,
          event: {
            type: 'PartnerDetailsChanged',
            version: 2,
            data: {
              partnerId: 'p1',
              name: 'Alex Smith',
              email: 'alex@example.com',
              type: 'club',
              organization: 'Leeds Fans',
              position: null,
              knownAs: null,
              webAddress: null,
            },
          },
        }),
      )
      .then((details) => {
        expect(details[0]!.data.partner).toEqual(
          expect.objectContaining({ name: 'Alex Smith', organization: 'Leeds Fans', status: 'Pending' }),
        );
        expect(details[0]!.data.partner.position).toBeUndefined();
      });
    given([...history, ...details])
      .when(
        record({
          id: 'e3',
          occurredAt: submitted.occurredAt,
          event: { type: 'PartnerStatusChanged', version: 2, data: { partnerId: 'p1', status: 'Partner' } },
        }),
      )
      .then((promoted) =>
        expect(promoted[0]!.data.partner).toMatchObject({ id: 'p1', name: 'Alex Smith', status: 'Partner' }),
      );
  });

  it('Given a recorded partner, when an event changes nothing it shows, then nothing is decided', () => {
    given(recorded())
      .when(
        record({
          id: 'e2',
          occurredAt: submitted.occurredAt,
          event: { type: 'PartnerStatusChanged', version: 2, data: { partnerId: 'p1', status: 'Pending' } },
        }),
      )
      .thenNothingHappened();
  });

  it('Given an unknown partner, when a change arrives, then nothing is decided', () => {
    given([])
      .when(
        record({
          id: 'e2',
          occurredAt: submitted.occurredAt,
          event: { type: 'PartnerStatusChanged', version: 2, data: { partnerId: 'p1', status: 'Partner' } },
        }),
      )
      .thenNothingHappened();
  });
});
