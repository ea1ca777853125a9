import { INFLUENCER_RULE_MESSAGE, adminPartnerInput, partnerApplication } from '@12yards/api';
import { Conflict, NotFound } from '@12yards/platform';
import { DeciderSpecification } from '@12yards/platform/testing';
import { lockedMessage, partnerDecider } from '../src/partner/decide';
import type { PartnerDetails, PartnerEvent } from '../src/partner/events';
import { noInfluencerFields, partnerPromoted } from './helpers';

const at = new Date('2026-11-22T10:00:00.000Z');
const iso = at.toISOString();
const details: PartnerDetails = {
  name: 'Ann Lee',
  email: 'ann@fc.example',
  type: 'club',
  organization: 'Riverside FC',
  position: 'Chair',
  webAddress: null,
  targetMembers: null,
  membershipType: 'paid',
  message: 'We would like to join',
  ...noInfluencerFields,
};
const submitted: PartnerEvent = {
  type: 'PartnerApplicationSubmitted',
  data: { id: 'p1', ...details, status: 'Pending', source: 'public', at: iso },
};
const promoted = (contractId: string, activeContracts: number): PartnerEvent =>
  partnerPromoted({ contractId, activeContracts, at: iso });

const given = DeciderSpecification.for(partnerDecider);

describe('partner decide/evolve', () => {
  it('Given no partner, when an application is submitted, then PartnerApplicationSubmitted carries every field and status Pending', () => {
    given([]).when({ type: 'SubmitApplication', id: 'p1', details, source: 'public', at }).then([submitted]);
  });

  it('Given a partner, when the same application is submitted again, then nothing happens', () => {
    given([submitted])
      .when({ type: 'SubmitApplication', id: 'p1', details, source: 'public', at })
      .thenNothingHappened();
  });

  it('Given a pending partner, when the admin sets In Progress, then PartnerStatusChanged records both states', () => {
    given([submitted])
      .when({ type: 'UpdatePartner', id: 'p1', status: 'In Progress', at })
      .then([
        {
          type: 'PartnerStatusChanged',
          data: { id: 'p1', status: 'In Progress', previousStatus: 'Pending', at: iso },
        },
      ]);
  });

  it('Given a partner, when the status it already has is set, then no event is decided', () => {
    given([submitted]).when({ type: 'UpdatePartner', id: 'p1', status: 'Pending', at }).thenNothingHappened();
  });

  it('Given no partner, when its status is changed, then it is a 404', () => {
    given([]).when({ type: 'UpdatePartner', id: 'p1', status: 'Approved', at }).thenThrows(NotFound);
  });

  it('Given a partner, when the admin edits details without a type, then PartnerDetailsChanged carries all fields and keeps the type', () => {
    const partner = given([submitted]);
    const { type: _type, ...edited } = { ...details, position: 'Secretary' };
    partner
      .when({ type: 'UpdatePartner', id: 'p1', details: edited, at })
      .then([
        { type: 'PartnerDetailsChanged', data: { id: 'p1', ...details, position: 'Secretary', at: iso } },
      ]);
    partner.when({ type: 'UpdatePartner', id: 'p1', details, at }).thenNothingHappened();
  });

  it('Given a partner, when a contract is created, then PartnerPromoted makes it Partner and locks it', () => {
    const { state } = given([submitted])
      .when({ type: 'RecordContractCreated', id: 'p1', contractId: 'c1', at })
      .then([promoted('c1', 1)]);
    expect(state).toMatchObject({
      status: 'Partner',
      activeContractIds: ['c1'],
    });
  });

  it('Given a promoted partner, when the same contract is reported again, then nothing happens', () => {
    given([submitted, promoted('c1', 1)])
      .when({ type: 'RecordContractCreated', id: 'p1', contractId: 'c1', at })
      .thenNothingHappened();
  });

  it('Given a locked partner, when the admin changes the status, then 409 with a clear message and no event', () => {
    const command = {
      type: 'UpdatePartner',
      id: 'p1',
      status: 'Rejected',
      details: { ...details, name: 'X' },
      at,
    } as const;
    given([submitted, promoted('c1', 1)])
      .when(command)
      .thenThrows(Conflict, lockedMessage(1));
    expect(lockedMessage(1)).toMatch(/locked to Partner while it has active contracts/);
  });

  it('Given a locked partner, when the admin sets Partner again or edits only details, then that is allowed', () => {
    const locked = given([submitted, promoted('c1', 1)]);
    locked.when({ type: 'UpdatePartner', id: 'p1', status: 'Partner', at }).thenNothingHappened();
    locked
      .when({ type: 'UpdatePartner', id: 'p1', details: { ...details, name: 'Ann B. Lee' }, at })
      .then((events) => expect(events).toHaveLength(1));
  });

  it('Given two active contracts, when one ends, then the partner stays locked; when the other is deleted, then it unlocks and stays Partner', () => {
    const history = [submitted, promoted('c1', 1), promoted('c2', 2)];
    const { events: ended } = given(history)
      .when({ type: 'RecordContractEnded', id: 'p1', contractId: 'c1', reason: 'ContractEnded', at })
      .then([
        {
          type: 'PartnerContractEnded',
          data: {
            id: 'p1',
            contractId: 'c1',
            reason: 'ContractEnded',
            activeContracts: 1,
            statusLocked: true,
            at: iso,
          },
        },
      ]);
    history.push(...ended);
    given(history).when({ type: 'UpdatePartner', id: 'p1', status: 'Pending', at }).thenThrows(Conflict);
    const { events: deleted, state } = given(history)
      .when({ type: 'RecordContractEnded', id: 'p1', contractId: 'c2', reason: 'ContractDeleted', at })
      .then((events) =>
        expect(events[0]?.data).toMatchObject({
          activeContracts: 0,
          statusLocked: false,
          reason: 'ContractDeleted',
        }),
      );
    history.push(...deleted);
    expect(state).toMatchObject({ status: 'Partner', activeContractIds: [] });
    given(history)
      .when({ type: 'UpdatePartner', id: 'p1', status: 'Approved', at })
      .then((events) => expect(events).toHaveLength(1));
  });

  it('Given a contract that ended and a status changed by hand, when the contract is recorded as created again (reactivated), then the partner is promoted and locked again', () => {
    const history = [submitted, promoted('c1', 1)];
    for (const command of [
      { type: 'RecordContractEnded', id: 'p1', contractId: 'c1', reason: 'ContractEnded', at },
      { type: 'UpdatePartner', id: 'p1', status: 'Approved', at },
    ] as const) {
      history.push(...partnerDecider.decide(command, given(history).state));
    }
    expect(given(history).state).toMatchObject({ status: 'Approved', activeContractIds: [] });
    const { events: again } = given(history)
      .when({ type: 'RecordContractCreated', id: 'p1', contractId: 'c1', at })
      .then([partnerPromoted({ previousStatus: 'Approved', at: iso })]);
    given([...history, ...again])
      .when({ type: 'UpdatePartner', id: 'p1', status: 'Pending', at })
      .thenThrows(Conflict);
  });

  it('Given a contract that is not active, when it ends (again), then nothing happens', () => {
    given([submitted])
      .when({ type: 'RecordContractEnded', id: 'p1', contractId: 'c9', reason: 'ContractEnded', at })
      .thenNothingHappened();
  });
});

describe('application rules (shared schema)', () => {
  const influencer = { name: 'Kim', email: 'kim@example.com', type: 'influencer', message: 'Hi' };

  it('When an influencer gives no social account or no follower count, then the issue is on socialMedia with the exact message', () => {
    for (const extra of [{}, { totalFollowers: '10k' }, { instagramAccount: '@kim' }]) {
      const result = partnerApplication.safeParse({ ...influencer, ...extra });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['socialMedia'], message: INFLUENCER_RULE_MESSAGE }),
      ]);
    }
  });

  it('When an influencer gives one account and total followers, then the application is valid', () => {
    expect(
      partnerApplication.safeParse({ ...influencer, tiktokAccount: '@kim', totalFollowers: '12000' }).success,
    ).toBe(true);
  });

  it('When a club gives no club name or position, then both are reported', () => {
    const result = partnerApplication.safeParse({ name: 'A', email: 'a@b.co', type: 'club', message: 'Hi' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['organization', 'position']);
  });

  it('When the admin form gives no type, then it is a club and no club fields are required', () => {
    expect(adminPartnerInput.parse({ name: 'A', email: 'a@b.co' })).toMatchObject({ type: 'club' });
  });
});
